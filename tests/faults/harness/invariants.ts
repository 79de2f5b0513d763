// What must hold after the faults, checked against the database, the Stripe sandbox and the queues.
// Each check returns the violations it found (empty: it holds).
import type { Pool } from 'pg';
import type Stripe from 'stripe';

import type { CommandKind } from './workload';

export interface Check {
  name: string;
  violations: string[];
}

const rows = async <T extends object>(pool: Pool, sql: string, params: unknown[] = []) =>
  (await pool.query<T>(sql, params)).rows;

const describeRows = (list: object[]) => list.slice(0, 10).map((row) => JSON.stringify(row));

/** The ledger's own rules (as in apps/payments/src/ledger/ledger.service.db.spec.ts). */
export async function ledgerInvariants(pool: Pool): Promise<Check[]> {
  return [
    {
      name: 'every ledger transaction has at least two postings summing to zero',
      violations: describeRows(
        await rows(
          pool,
          `SELECT t.id, t.kind, COALESCE(SUM(p.amount_pence), 0)::text AS sum, COUNT(p.id)::int AS postings
             FROM payments.ledger_transactions t
             LEFT JOIN payments.ledger_postings p ON p.transaction_id = t.id
            GROUP BY t.id, t.kind
           HAVING COALESCE(SUM(p.amount_pence), 0) <> 0 OR COUNT(p.id) < 2`,
        ),
      ),
    },
    {
      name: 'every account balance and sequence equal the sum and count of its postings',
      violations: describeRows(
        await rows(
          pool,
          `SELECT a.id, a.balance_pence::text, COALESCE(SUM(p.amount_pence), 0)::text AS postings_sum
             FROM payments.ledger_accounts a
             LEFT JOIN payments.ledger_postings p ON p.account_id = a.id
            GROUP BY a.id, a.balance_pence, a.sequence
           HAVING a.balance_pence <> COALESCE(SUM(p.amount_pence), 0) OR a.sequence <> COUNT(p.id)`,
        ),
      ),
    },
    {
      name: 'no protected account (wallet, pot) is negative, now or after any posting',
      violations: describeRows(
        await rows(
          pool,
          `SELECT a.id, MIN(LEAST(p.balance_after, a.balance_pence))::text AS lowest
             FROM payments.ledger_accounts a
             LEFT JOIN payments.ledger_postings p ON p.account_id = a.id
            WHERE NOT a.allow_negative
            GROUP BY a.id
           HAVING MIN(LEAST(COALESCE(p.balance_after, 0), a.balance_pence)) < 0`,
        ),
      ),
    },
    {
      name: 'every posting’s balance_after is the running sum of its account',
      violations: describeRows(
        await rows(
          pool,
          `SELECT account_id, account_sequence::text FROM (
             SELECT account_id, account_sequence, balance_after,
                    SUM(amount_pence) OVER (PARTITION BY account_id ORDER BY account_sequence) AS running
               FROM payments.ledger_postings) s
            WHERE balance_after <> running`,
        ),
      ),
    },
  ];
}

/**
 * Every Checkout Session Stripe says is paid (listed with the SDK's auto-pagination) is credited exactly
 * once, for its amount, and nothing unpaid is credited.
 */
export async function topUpInvariants(pool: Pool, stripe: Stripe, sessionIds: Set<string>): Promise<Check[]> {
  const paid = new Map<string, number>();
  for await (const session of stripe.checkout.sessions.list({ limit: 100 })) {
    if (sessionIds.has(session.id) && session.payment_status === 'paid')
      paid.set(session.id, session.amount_total ?? 0);
  }
  const credits = await rows<{ session_id: string; transactions: number; status: string; credited: string }>(
    pool,
    `SELECT f.session_id, f.status,
            (SELECT COUNT(*)::int FROM payments.ledger_transactions t
              WHERE t.idempotency_key = 'topup:' || f.session_id) AS transactions,
            (f.amount_pence + f.fee_pence)::text AS credited
       FROM payments.funding_transactions f
      WHERE f.session_id = ANY($1)`,
    [[...sessionIds]],
  );
  const bySession = new Map(credits.map((row) => [row.session_id, row]));
  const missing: string[] = [];
  const wrong: string[] = [];
  for (const [sessionId, total] of paid) {
    const row = bySession.get(sessionId);
    if (!row || row.status !== 'succeeded' || row.transactions !== 1)
      missing.push(
        `${sessionId}: ${row ? `${row.status}, ${row.transactions} ledger transactions` : 'no funding row'}`,
      );
    else if (Number(row.credited) !== total)
      wrong.push(`${sessionId}: paid ${total}, recorded ${row.credited}`);
  }
  const unpaidCredited = credits
    .filter((row) => !paid.has(row.session_id) && (row.transactions > 0 || row.status === 'succeeded'))
    .map((row) => row.session_id);
  return [
    { name: `every paid Checkout Session (${paid.size}) is credited exactly once`, violations: missing },
    { name: 'every credit matches what Stripe charged (amount + fee)', violations: wrong },
    { name: 'no unpaid session is credited', violations: unpaidCredited },
  ];
}

/**
 * Withdrawals end paid or released, once each, and Stripe's payouts match them one to one: the platform's
 * own (withdrawals from before Connect payouts) and those on each user's connected account, where every
 * withdrawal is also one transfer; a failed one's transfer was reversed.
 */
export async function withdrawalInvariants(pool: Pool, stripe: Stripe): Promise<Check[]> {
  const unsettled = await rows(
    pool,
    `SELECT w.id, w.status, w.payout_id,
            (SELECT COUNT(*)::int FROM payments.ledger_transactions t
              WHERE t.idempotency_key IN ('withdrawal-paid:' || w.id, 'withdrawal-released:' || w.id)) AS endings
       FROM payments.withdrawals w
      WHERE NOT ((w.status = 'paid' AND (SELECT COUNT(*) FROM payments.ledger_transactions t
                                           WHERE t.idempotency_key = 'withdrawal-paid:' || w.id) = 1)
              OR (w.status = 'failed' AND (SELECT COUNT(*) FROM payments.ledger_transactions t
                                             WHERE t.idempotency_key LIKE 'withdrawal-%:' || w.id
                                               AND t.idempotency_key <> 'withdrawal:' || w.id) >= 1)
              -- Declined or cancelled while waiting for a second member: nothing was reserved.
              OR (w.status IN ('declined', 'cancelled') AND NOT EXISTS (SELECT 1 FROM payments.ledger_transactions t
                                             WHERE t.idempotency_key = 'withdrawal:' || w.id)))`,
  );
  const inTransit = await rows<{ balance: string }>(
    pool,
    // Over every row the platform account is spread on (payouts:in-transit/00 …).
    `SELECT COALESCE(SUM(balance_pence), 0)::text AS balance FROM payments.ledger_accounts
      WHERE split_part(id, '/', 1) = 'payouts:in-transit'`,
  );
  const withdrawals = await rows<{
    id: string;
    payout_id: string | null;
    amount_pence: string;
    status: string;
    stripe_account_id: string | null;
    transfer_id: string | null;
  }>(
    pool,
    `SELECT id, payout_id, amount_pence::text, status, stripe_account_id, transfer_id FROM payments.withdrawals`,
  );
  const byId = new Map(withdrawals.map((w) => [w.id, w]));
  const payoutsPerWithdrawal = new Map<string, number>();
  const mismatched: string[] = [];
  const transfersPerWithdrawal = new Map<string, number>();
  for await (const transfer of stripe.transfers.list({ limit: 100 })) {
    const withdrawalId = transfer.metadata?.['withdrawalId'];
    if (!withdrawalId) continue;
    transfersPerWithdrawal.set(withdrawalId, (transfersPerWithdrawal.get(withdrawalId) ?? 0) + 1);
    const withdrawal = byId.get(withdrawalId);
    if (
      !withdrawal ||
      withdrawal.transfer_id !== transfer.id ||
      Number(withdrawal.amount_pence) !== transfer.amount
    )
      mismatched.push(`transfer ${transfer.id} (${transfer.amount}p) for ${withdrawalId}`);
    else if (withdrawal.status === 'failed' && !transfer.reversed)
      mismatched.push(`transfer ${transfer.id} of failed withdrawal ${withdrawalId} not reversed`);
  }
  for (const [withdrawalId, count] of transfersPerWithdrawal)
    if (count > 1) mismatched.push(`${count} transfers for ${withdrawalId}`);
  const connected = [
    ...new Set(
      withdrawals.flatMap((w) => (w.transfer_id && w.stripe_account_id ? [w.stripe_account_id] : [])),
    ),
  ];
  const payoutLists = [
    stripe.payouts.list({ limit: 100 }),
    ...connected.map((account) => stripe.payouts.list({ limit: 100 }, { stripeAccount: account })),
  ];
  const allPayouts: Stripe.Payout[] = [];
  for (const list of payoutLists) for await (const payout of list) allPayouts.push(payout);
  for (const payout of allPayouts) {
    const withdrawalId = payout.metadata?.['withdrawalId'];
    if (!withdrawalId) continue;
    payoutsPerWithdrawal.set(withdrawalId, (payoutsPerWithdrawal.get(withdrawalId) ?? 0) + 1);
    const withdrawal = byId.get(withdrawalId);
    if (
      !withdrawal ||
      withdrawal.payout_id !== payout.id ||
      Number(withdrawal.amount_pence) !== payout.amount
    )
      mismatched.push(`${payout.id} (${payout.amount}p) for ${withdrawalId}`);
  }
  for (const [withdrawalId, count] of payoutsPerWithdrawal)
    if (count > 1) mismatched.push(`${count} payouts for ${withdrawalId}`);
  return [
    { name: 'every withdrawal ended paid or released, exactly once', violations: describeRows(unsettled) },
    {
      name: 'nothing is left in payouts:in-transit',
      violations: inTransit.filter((row) => row.balance !== '0').map((row) => `balance ${row.balance}`),
    },
    { name: 'Stripe’s payouts match the withdrawals one to one', violations: mismatched },
  ];
}

/**
 * Every money event was notified to its owner: a credited top-up, a withdrawal started (once
 * reserved: one waiting for a second member's approval, declined or cancelled never started) and
 * its outcome, each with exactly its one notification (the key's uniqueness makes more impossible; these
 * find one that kills or redeliveries lost, or a stray one for an event that did not happen).
 */
export async function notificationInvariants(pool: Pool): Promise<Check[]> {
  const missing = await rows<{ key: string }>(
    pool,
    `SELECT expected.key FROM (
         SELECT 'top_up_credited:' || id AS key FROM payments.funding_transactions WHERE status = 'succeeded'
         UNION ALL SELECT 'withdrawal_initiated:' || id FROM payments.withdrawals
                    WHERE status IN ('pending', 'paid', 'failed')
         UNION ALL SELECT 'withdrawal_paid:' || id FROM payments.withdrawals WHERE status = 'paid'
         UNION ALL SELECT 'withdrawal_failed:' || id FROM payments.withdrawals WHERE status = 'failed'
       ) expected
      WHERE NOT EXISTS (SELECT 1 FROM notifications.notifications n WHERE n.key = expected.key)`,
  );
  const stray = await rows<{ key: string }>(
    pool,
    `SELECT n.key FROM notifications.notifications n
      WHERE (n.kind = 'top_up_credited' AND NOT EXISTS (SELECT 1 FROM payments.funding_transactions f
               WHERE n.key = 'top_up_credited:' || f.id AND f.status = 'succeeded'))
         OR (n.kind = 'withdrawal_paid' AND NOT EXISTS (SELECT 1 FROM payments.withdrawals w
               WHERE n.key = 'withdrawal_paid:' || w.id AND w.status IN ('paid', 'failed')))`,
  );
  return [
    { name: 'every money event was notified to its owner', violations: describeRows(missing) },
    { name: 'no notification for a money event that did not happen', violations: describeRows(stray) },
  ];
}

/** Every outbox row of every service was relayed. */
export async function outboxUnrelayed(pool: Pool): Promise<string[]> {
  const tables = await rows<{ table_schema: string }>(
    pool,
    `SELECT table_schema FROM information_schema.tables WHERE table_name = 'outbox' ORDER BY 1`,
  );
  const found: string[] = [];
  for (const { table_schema: schema } of tables) {
    const [{ count }] = await rows<{ count: number }>(
      pool,
      `SELECT COUNT(*)::int AS count FROM "${schema}".outbox WHERE relayed_at IS NULL`,
    );
    if (count > 0) found.push(`${schema}.outbox: ${count} unrelayed`);
  }
  return found;
}

/**
 * Each authorisation Stripe recorded as approved holds its amount exactly once; a declined one holds
 * nothing (no hold, or a hold that was reversed).
 */
export async function cardInvariants(
  pool: Pool,
  authorizations: readonly { id: string; approved: boolean; amount: number }[],
): Promise<Check[]> {
  const holds = await rows<{ key: string; amount: string; reversed: boolean }>(
    pool,
    `SELECT t.idempotency_key AS key,
            (SELECT SUM(p.amount_pence) FROM payments.ledger_postings p
              WHERE p.transaction_id = t.id AND split_part(p.account_id, '/', 1) = 'card:holds')::text AS amount,
            EXISTS (SELECT 1 FROM payments.ledger_transactions r WHERE r.reverses_id = t.id) AS reversed
       FROM payments.ledger_transactions t
      WHERE t.idempotency_key = ANY($1)`,
    [authorizations.map((a) => `card-hold:${a.id}`)],
  );
  const byKey = new Map(holds.map((hold) => [hold.key, hold]));
  const approved: string[] = [];
  const declined: string[] = [];
  for (const authorization of authorizations) {
    const hold = byKey.get(`card-hold:${authorization.id}`);
    if (authorization.approved && (!hold || hold.reversed || Number(hold.amount) !== authorization.amount))
      approved.push(
        `${authorization.id}: ${hold ? `held ${hold.amount}, reversed ${hold.reversed}` : 'no hold'}`,
      );
    if (!authorization.approved && hold && !hold.reversed)
      declined.push(`${authorization.id}: declined at Stripe, ${hold.amount}p still held`);
  }
  const approvals = authorizations.filter((a) => a.approved).length;
  return [
    { name: `every approved card authorisation (${approvals}) holds its amount once`, violations: approved },
    { name: 'no declined card authorisation holds money', violations: declined },
  ];
}

/** Where each kind of money command leaves its rows, and whose (user or pot) they are. */
const COMMAND_ROWS: Record<CommandKind, string> = {
  topUp: `SELECT user_id::text AS owner, COUNT(*)::int AS made FROM payments.funding_transactions GROUP BY 1`,
  withdrawal: `SELECT user_id::text AS owner, COUNT(*)::int AS made FROM payments.withdrawals GROUP BY 1`,
  expense: `SELECT pot_id::text AS owner, COUNT(*)::int AS made FROM pots.expenses
             WHERE description = 'Fault suite expense' GROUP BY 1`,
  settlement: `SELECT pot_id::text AS owner, COUNT(*)::int AS made FROM pots.settlements GROUP BY 1`,
};

/**
 * Each money command the workload asked for had one Idempotency-Key, however often it was sent again: no
 * user or pot may end with more rows of a kind than commands of that kind were asked for.
 */
export async function commandInvariants(
  pool: Pool,
  commands: Record<CommandKind, Map<string, number>>,
): Promise<Check[]> {
  const checks: Check[] = [];
  for (const [kind, sql] of Object.entries(COMMAND_ROWS) as [CommandKind, string][]) {
    const asked = commands[kind];
    const made = await rows<{ owner: string; made: number }>(pool, sql);
    checks.push({
      name: `no ${kind} command made more than one row, however often it was retried`,
      violations: made
        .filter((row) => asked.has(row.owner) && row.made > (asked.get(row.owner) ?? 0))
        .map((row) => `${row.owner}: ${row.made} rows of ${asked.get(row.owner)} commands`),
    });
  }
  return checks;
}
