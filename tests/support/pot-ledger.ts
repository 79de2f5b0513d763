import type { Pool } from 'pg';

/** The pot-paid expenses recorded for a pot (not deleted), by id. */
export async function recordedPotExpenses(db: Pool, potId: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM pots.expenses WHERE pot_id = $1 AND paid_from = 'pot' AND deleted_at IS NULL`,
    [potId],
  );
  return rows.map((row) => row.id);
}

/** The pot's balance as the ledger holds it, in pence. */
export async function potLedgerBalance(db: Pool, potId: string): Promise<number> {
  const { rows } = await db.query<{ balance: string }>(
    `SELECT balance_pence::text AS balance FROM payments.ledger_accounts WHERE id = $1`,
    [`pot:${potId}`],
  );
  return Number(rows[0]?.balance ?? 0);
}
