import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';

import { Client } from 'pg';

const ROOT = path.resolve(__dirname, '../../..');

export interface ThrowawayDatabase {
  /** The database's URL (the app's migrations applied to its schema). */
  url: string;
  drop(): Promise<void>;
}

/**
 * A database of its own for a medium test, on the server of `baseUrl` (DATABASE_URL), migrated with the
 * project's migration tool for `app`, and dropped afterwards — tests never share or leave state.
 */
export function createThrowawayDatabase(app: string, baseUrl: string): ThrowawayDatabase {
  const withName = (name: string) => {
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const name = `kitty_${app}_spec_${randomBytes(6).toString('hex')}`;
  const url = withName(name);
  // `deploy` creates the database, then applies the app's migrations to its schema.
  execFileSync(process.execPath, [path.join(ROOT, 'infra/db/migrate.js'), 'deploy', app], {
    env: { DATABASE_URL: url },
    stdio: 'pipe',
  });
  return {
    url,
    async drop() {
      const admin = new Client({ connectionString: withName('postgres') });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}
