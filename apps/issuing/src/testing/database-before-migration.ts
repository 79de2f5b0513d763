import { type DatabaseBeforeMigration,databaseBeforeMigration } from '@kitty/testing';

import { loadDatabaseConfig } from '../config';

/** Issuing's schema as it was before the migration whose name ends with `suffix` (see databaseBeforeMigration). */
export const issuingDatabaseBefore = (suffix: string): Promise<DatabaseBeforeMigration> =>
  databaseBeforeMigration('issuing', suffix, loadDatabaseConfig().DATABASE_URL);
