// The migration that retired pots' ledger compensations, on a database made by the schema before it: every
// posting still waiting for its compensation becomes one refund for payments, in pots' outbox, and the table
// is gone.

import { PotsJobs, RefundDue } from '@kitty/contracts';

import { potsDatabaseBefore } from '../testing/database-before-migration';

describe('retiring ledger compensations (PostgreSQL)', () => {
  it('hands each pending compensation to payments as one refund, then drops the table', async () => {
    const before = await potsDatabaseBefore('_retire_ledger_compensations');
    const { sql } = before;
    try {
      const [expenseId, settlementId] = [crypto.randomUUID(), crypto.randomUUID()];
      // A posting whose record never committed, and a deleted expense whose refund was not made yet.
      await sql.query(
        `INSERT INTO pots.ledger_compensations (ledger_key, reason, due_at) VALUES
           ($1, 'Expense "Dinner" deleted', now()),
           ($2, 'Settlement Ann → Ben not recorded', now() + interval '5 minutes')`,
        [`expense:${expenseId}`, `settlement:${settlementId}`],
      );

      before.migrateToNow();

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
      await before.close();
    }
  }, 120_000);
});
