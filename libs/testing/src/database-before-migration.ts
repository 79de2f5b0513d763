import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { Client } from 'pg';

import { createThrowawayDatabase } from './throwaway-database';

const ROOT = path.resolve(__dirname, '../../..');

export interface DatabaseBeforeMigration {
  url: string;
  /** Connected to the database, for writing the data the migration must carry. */
  sql: Client;
  /** Applies the migration under test and every later one. */
  migrateToNow(): void;
  close(): Promise<void>;
}

/**
 * A throwaway database made by `app`'s schema (its schema is named after the app) as it was before the
 * migration whose name ends with `suffix`, on the server of `baseUrl`: how a migration that moves data is
 * tested on a database made by the schema it replaces.
 */
export async function databaseBeforeMigration(
  app: string,
  suffix: string,
  baseUrl: string,
): Promise<DatabaseBeforeMigration> {
  const dir = mkdtempSync(path.join(tmpdir(), `${app}-before-`));
  const migrations = path.join(dir, `${app}/prisma/migrations`);
  cpSync(path.join(ROOT, `apps/${app}/prisma`), path.join(dir, `${app}/prisma`), { recursive: true });
  const introducing = readdirSync(migrations).find((name) => name.endsWith(suffix));
  if (!introducing) throw new Error(`No ${app} migration ends with ${suffix}`);
  for (const later of readdirSync(migrations).filter((name) => /^\d/.test(name) && name >= introducing))
    rmSync(path.join(migrations, later), { recursive: true });
  const database = createThrowawayDatabase(app, baseUrl);
  const migrate = (appsDir: string) =>
    execFileSync(
      process.execPath,
      [path.join(ROOT, 'infra/db/migrate.js'), 'deploy', app, '--apps-dir', appsDir],
      { env: { DATABASE_URL: database.url }, stdio: 'pipe' },
    );
  const sql = new Client({ connectionString: database.url });
  const close = async () => {
    await sql.end();
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await sql.connect();
    await sql.query(`DROP SCHEMA ${app} CASCADE`);
    migrate(dir);
  } catch (error) {
    await close();
    throw error;
  }
  return { url: database.url, sql, migrateToNow: () => migrate(path.join(ROOT, 'apps')), close };
}
