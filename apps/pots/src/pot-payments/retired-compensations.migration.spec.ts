// The migration that retired pots' ledger compensations, on a database made by the schema before it: every
// posting still waiting for its compensation becomes one refund for payments, in pots' outbox, and the table
// is gone.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { PotsJobs, RefundDue } from '@kitty/contracts';
import { createThrowawayDatabase } from '@kitty/testing';
import { Client } from 'pg';

import { loadPotsConfig } from '../config';

const ROOT = path.resolve(__dirname, '../../../..');

describe('retiring ledger compensations (PostgreSQL)', () => {
  it('hands each pending compensation to payments as one refund, then drops the table', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pots-before-'));
    const migrations = path.join(dir, 'pots/prisma/migrations');
    cpSync(path.join(ROOT, 'apps/pots/prisma'), path.join(dir, 'pots/prisma'), { recursive: true });
    const retiring = readdirSync(migrations).find((name) =>
      name.endsWith('_retire_ledger_compensations'),
    ) as string;
    for (const later of readdirSync(migrations).filter((name) => /^\d/.test(name) && name >= retiring))
      rmSync(path.join(migrations, later), { recursive: true });
    const database = createThrowawayDatabase('pots', loadPotsConfig().DATABASE_URL);
    const migrate = (appsDir: string) =>
      execFileSync(
        process.execPath,
        [path.join(ROOT, 'infra/db/migrate.js'), 'deploy', 'pots', '--apps-dir', appsDir],
        { env: { DATABASE_URL: database.url }, stdio: 'pipe' },
      );
    const sql = new Client({ connectionString: database.url });
    try {
      await sql.connect();
      await sql.query('DROP SCHEMA pots CASCADE');
      migrate(dir);
      const [expenseId, settlementId] = [crypto.randomUUID(), crypto.randomUUID()];
      // A posting whose record never committed, and a deleted expense whose refund was not made yet.
      await sql.query(
        `INSERT INTO pots.ledger_compensations (ledger_key, reason, due_at) VALUES
           ($1, 'Expense "Dinner" deleted', now()),
           ($2, 'Settlement Ann → Ben not recorded', now() + interval '5 minutes')`,
        [`expense:${expenseId}`, `settlement:${settlementId}`],
      );

      migrate(path.join(ROOT, 'apps'));

      const { rows } = await sql.query<{ queue: string; job_name: string; payload: unknown }>(
        `SELECT queue, job_name, payload FROM pots.outbox WHERE job_name = $1 ORDER BY payload->>'reason'`,
        [PotsJobs.refundDue.name],
      );
      expect(rows.map((row) => row.queue)).toEqual([
        PotsJobs.refundDue.queue.name,
        PotsJobs.refundDue.queue.name,
      ]);
      expect(rows.map((row) => RefundDue.parse(row.payload))).toEqual([
        { target: { type: 'expense', expenseId }, reason: 'Expense "Dinner" deleted' },
        { target: { type: 'settlement', settlementId }, reason: 'Settlement Ann → Ben not recorded' },
      ]);
      const table = await sql.query(`SELECT to_regclass('pots.ledger_compensations') AS name`);
      expect(table.rows[0].name).toBeNull();
    } finally {
      await sql.end();
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
