import { type DatabaseBeforeMigration, databaseBeforeMigration } from '@kitty/testing';

import { loadDatabaseConfig } from '../config';

/** Payments' schema as it was before the migration whose name ends with `suffix` (see databaseBeforeMigration). */
export const paymentsDatabaseBefore = (suffix: string): Promise<DatabaseBeforeMigration> =>
  databaseBeforeMigration('payments', suffix, loadDatabaseConfig().DATABASE_URL);
