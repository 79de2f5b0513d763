import { type DatabaseBeforeMigration,databaseBeforeMigration } from '@kitty/testing';

import { loadPotsConfig } from '../config';

/** Pots' schema as it was before the migration whose name ends with `suffix` (see databaseBeforeMigration). */
export const potsDatabaseBefore = (suffix: string): Promise<DatabaseBeforeMigration> =>
  databaseBeforeMigration('pots', suffix, loadPotsConfig().DATABASE_URL);
