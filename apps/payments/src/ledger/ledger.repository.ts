import type { DirectRows } from '@kitty/nest-common';

import type { Tx } from '../prisma.service';
import type { AccountPolicy } from './accounts';

/** ledger_post's (and ledger_post_or_refuse's) eleven arguments, the postings' in lock order. */
export type LedgerPostArgs = [
  idempotencyKey: string,
  requestHash: string,
  kind: string,
  description: string,
  metadataJson: string,
  reverses: string | null,
  accountIds: string[],
  policyKinds: AccountPolicy['kind'][],
  ownerIds: (string | null)[],
  allowNegative: boolean[],
  amountsPence: bigint[],
];

/** A row of ledger_post: its outcome, and on 'posted' one row per account in the order given. */
export interface PostRow {
  outcome: 'posted' | 'replay' | 'insufficient' | 'closed';
  transaction_id: string | null;
  account_id: string | null;
  balance_pence: bigint | null;
  sequence: bigint | null;
}

/**
 * A domain row a posting stands on, written first by the posting's own statement (`INSERT … ON CONFLICT …
 * RETURNING`): the posting is made only when the claim answers a row, so whatever else writes that row (and
 * waits on its lock) is ordered with the posting. Its placeholders follow the posting's, from `firstParam`.
 */
export interface PostingClaim {
  sql(firstParam: number): string;
  args: readonly unknown[];
}

/** The pot events a posting made alone announces: one outbox row per pot leg, common part as JSON text. */
export interface PotBalanceAnnouncement {
  queue: string;
  jobName: string;
  commonJson: string;
  /** Per posting, in the postings' order: the pot it moves, or null for an account that is no pot. */
  potIds: (string | null)[];
}

/** Everything up to the outbox in one call (ledger_post, migration 20261126200923), inside `tx`. */
export function ledgerPost(tx: Tx, args: LedgerPostArgs): Promise<PostRow[]> {
  return tx.$queryRawUnsafe<PostRow[]>(
    `SELECT outcome, transaction_id, account_id, balance_pence, sequence
       FROM ledger_post($1, $2, $3, $4, $5::jsonb, $6::uuid,
                        $7::text[], $8::text[], $9::uuid[], $10::boolean[], $11::bigint[])`,
    ...args,
  );
}

/**
 * The posting and its pot events in one autocommitted statement (ledger_post_or_refuse), standing on
 * `claim` when there is one: no row when the claim answered none. The claim runs first: its answer is a
 * one-time filter on the posting, so with no row the function is never called. The claim's SQL is a
 * repository's own text whose values are parameters numbered after the posting's.
 */
export function ledgerPostAlone(
  rows: DirectRows,
  args: LedgerPostArgs,
  announcement: PotBalanceAnnouncement,
  claim: PostingClaim | null,
): Promise<PostRow[]> {
  const announcementArgs = [
    announcement.queue,
    announcement.jobName,
    announcement.commonJson,
    announcement.potIds,
  ];
  const claimed = claim
    ? `claimed AS MATERIALIZED (${claim.sql(args.length + announcementArgs.length + 1)}), `
    : '';
  const onlyIfClaimed = claim ? 'WHERE EXISTS (SELECT 1 FROM claimed)' : '';
  return rows<PostRow>(
    `WITH ${claimed}posted AS MATERIALIZED (
       SELECT * FROM ledger_post_or_refuse($1, $2, $3, $4, $5::jsonb, $6::uuid,
                                           $7::text[], $8::text[], $9::uuid[], $10::boolean[], $11::bigint[])
       ${onlyIfClaimed}
     ), announced AS (
       INSERT INTO outbox (id, queue, job_name, payload)
       SELECT gen_random_uuid(), $12, $13, $14::jsonb || jsonb_build_object(
                'potId', leg.pot_id, 'balancePence', posted.balance_pence, 'sequence', posted.sequence,
                'transactionId', posted.transaction_id, 'amountPence', leg.amount_pence)
         FROM posted
         JOIN unnest($7::text[], $11::bigint[], $15::uuid[]) AS leg(account_id, amount_pence, pot_id)
           ON leg.account_id = posted.account_id
        WHERE posted.outcome = 'posted' AND leg.pot_id IS NOT NULL
     )
     SELECT outcome, transaction_id, account_id, balance_pence, sequence FROM posted`,
    ...args,
    ...announcementArgs,
    ...(claim?.args ?? []),
  );
}

interface KeyedTransactionRow {
  id: string;
  request_hash: string;
}

/** The transaction posted with the idempotency key (undefined: none). */
export async function transactionByKey(
  db: DirectRows,
  idempotencyKey: string,
): Promise<KeyedTransactionRow | undefined> {
  const [row] = await db<KeyedTransactionRow>(
    `SELECT id, request_hash FROM ledger_transactions WHERE idempotency_key = $1`,
    idempotencyKey,
  );
  return row;
}

/** Whether any transaction was posted with the idempotency key. */
export async function keyPosted(db: DirectRows, idempotencyKey: string): Promise<boolean> {
  const rows = await db<unknown>(
    `SELECT 1 FROM ledger_transactions WHERE idempotency_key = $1`,
    idempotencyKey,
  );
  return rows.length > 0;
}

interface PostedTransactionRow {
  id: string;
  kind: string;
  user_id: string | null;
}

interface LegRow {
  account_id: string;
  amount_pence: bigint;
}

/** The transaction posted with the idempotency key and its legs (undefined: none). */
export async function transactionWithLegs(
  tx: Tx,
  idempotencyKey: string,
): Promise<{ transaction: PostedTransactionRow; legs: LegRow[] } | undefined> {
  const [transaction] = await tx.$queryRawUnsafe<PostedTransactionRow[]>(
    `SELECT id, kind, metadata->>'userId' AS user_id FROM ledger_transactions WHERE idempotency_key = $1`,
    idempotencyKey,
  );
  if (!transaction) return undefined;
  const legs = await tx.$queryRawUnsafe<LegRow[]>(
    `SELECT account_id, amount_pence FROM ledger_postings WHERE transaction_id = $1::uuid`,
    transaction.id,
  );
  return { transaction, legs };
}

/** An account's balance (0 for one that has never moved); a sharded platform account's over all its rows. */
export async function accountBalance(
  db: Pick<Tx, '$queryRawUnsafe'>,
  accountId: string,
  sharded: boolean,
): Promise<bigint> {
  const rows = sharded
    ? await db.$queryRawUnsafe<{ balance_pence: bigint | null }[]>(
        `SELECT SUM(balance_pence)::bigint AS balance_pence FROM ledger_accounts
          WHERE id = $1 OR starts_with(id, $1 || '/')`,
        accountId,
      )
    : await db.$queryRawUnsafe<{ balance_pence: bigint }[]>(
        `SELECT balance_pence FROM ledger_accounts WHERE id = $1`,
        accountId,
      );
  return rows[0]?.balance_pence ?? 0n;
}

/** Whether the ledger account is a closed wallet (its owner deleted their account). */
export async function isClosedAccount(tx: Tx, accountId: string): Promise<boolean> {
  const [account] = await tx.$queryRawUnsafe<{ closed: boolean }[]>(
    `SELECT closed_at IS NOT NULL AS closed FROM ledger_accounts WHERE id = $1`,
    accountId,
  );
  return account?.closed ?? false;
}

/** One job for the outbox relay, in the caller's transaction. */
export async function insertOutboxRow(
  tx: Tx,
  queue: string,
  jobName: string,
  payloadJson: string,
): Promise<void> {
  await tx.$executeRawUnsafe(
    `INSERT INTO outbox (id, queue, job_name, payload) VALUES (gen_random_uuid(), $1, $2, $3::jsonb)`,
    queue,
    jobName,
    payloadJson,
  );
}
