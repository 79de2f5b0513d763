import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { createThrowawayDatabase } from '@kitty/testing';
import { Client } from 'pg';

import { loadDatabaseConfig } from '../config';

const ROOT = path.resolve(__dirname, '../../../..');

export interface IssuingDatabaseBefore {
  url: string;
  /** Connected to the database, for writing the data the migration must carry. */
  sql: Client;
  /** Applies the migration under test and every later one. */
  migrateToNow(): void;
  close(): Promise<void>;
}

/**
 * A throwaway database made by issuing's schema as it was before the migration whose name ends with `suffix`: how
 * a migration that moves data is tested on a database made by the schema it replaces.
 */
export async function issuingDatabaseBefore(suffix: string): Promise<IssuingDatabaseBefore> {
  const dir = mkdtempSync(path.join(tmpdir(), 'issuing-before-'));
  const migrations = path.join(dir, 'issuing/prisma/migrations');
  cpSync(path.join(ROOT, 'apps/issuing/prisma'), path.join(dir, 'issuing/prisma'), { recursive: true });
  const introducing = readdirSync(migrations).find((name) => name.endsWith(suffix));
  if (!introducing) throw new Error(`No issuing migration ends with ${suffix}`);
  for (const later of readdirSync(migrations).filter((name) => /^\d/.test(name) && name >= introducing))
    rmSync(path.join(migrations, later), { recursive: true });
  const database = createThrowawayDatabase('issuing', loadDatabaseConfig().DATABASE_URL);
  const migrate = (appsDir: string) =>
    execFileSync(
      process.execPath,
      [path.join(ROOT, 'infra/db/migrate.js'), 'deploy', 'issuing', '--apps-dir', appsDir],
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
    await sql.query('DROP SCHEMA issuing CASCADE');
    migrate(dir);
  } catch (error) {
    await close();
    throw error;
  }
  return { url: database.url, sql, migrateToNow: () => migrate(path.join(ROOT, 'apps')), close };
}
