import { createHash } from 'node:crypto';

import { PaymentsJobs, POT_MONEY_KINDS, PotBalanceChanged } from '@kitty/contracts';
import { penceFromBigInt } from '@kitty/money';
import {
  type DirectRows,
  directRowsIn,
  ledgerPostings,
  outboxMessage,
  withRequestId,
} from '@kitty/nest-common';
import { Injectable } from '@nestjs/common';
import type { z } from 'zod';

import type { Tx } from '../prisma.service';
import { accountPolicy, isPlatformAccount, platformShard, potIdOf } from './accounts';
import {
  accountBalance,
  insertOutboxRow,
  keyPosted,
  ledgerPost,
  ledgerPostAlone,
  type LedgerPostArgs,
  type PostingClaim,
  type PostRow,
  transactionByKey,
  transactionWithLegs,
} from './ledger.repository';

export type { PostingClaim } from './ledger.repository';

export type LedgerKind = (typeof POT_MONEY_KINDS)[number] | 'withdrawal_paid' | 'transfer' | 'reversal';

export interface Posting {
  accountId: string;
  /** Signed: positive credits the account (its balance grows), negative debits it. */
  amountPence: bigint;
}

export interface LedgerEntry {
  /** The same key posts once; repeating it with a different request is refused. */
  idempotencyKey: string;
  kind: LedgerKind;
  description: string;
  /** Who caused the movement (payer, withdrawer), or null for system moves. */
  userId: string | null;
  postings: readonly Posting[];
  metadata?: Readonly<Record<string, string>>;
}

export interface PostedTransaction {
  transactionId: string;
  /** true when the key had already been posted: nothing moved this time. */
  replayed: boolean;
}

/** The account (a wallet or a pot) would go below zero; nothing was posted. */
export class InsufficientFundsError extends Error {
  constructor(readonly accountId: string) {
    super(`Insufficient funds in ${accountId}`);
    this.name = 'InsufficientFundsError';
  }
}

/** The account is a closed wallet (its owner deleted their account): it takes no credit; nothing was posted. */
export class ClosedAccountError extends Error {
  constructor(readonly accountId: string) {
    super(`Account ${accountId} is closed`);
    this.name = 'ClosedAccountError';
  }
}

/**
 * The key's posting was reversed: a repeat of the command that chose the key is not told the money moved
 * (nothing is posted again either: the key is spent).
 */
export class ReversedKeyError extends Error {
  constructor(readonly idempotencyKey: string) {
    super(`The posting of idempotency key ${idempotencyKey} was reversed`);
    this.name = 'ReversedKeyError';
  }
}

/** The idempotency key was used before for a different request. */
export class IdempotencyConflictError extends Error {
  constructor(readonly idempotencyKey: string) {
    super(`Idempotency key ${idempotencyKey} was used for a different request`);
    this.name = 'IdempotencyConflictError';
  }
}

interface BalanceRow {
  balance_pence: bigint;
  sequence: bigint;
}

/** Pot events carry these kinds; anything else that touches a pot is reported as an adjustment. */
const POT_EVENT_KINDS = new Set<string>(POT_MONEY_KINDS);

/**
 * The append-only double-entry ledger. `post` runs inside the caller's database transaction so that a
 * money movement commits together with the state change that caused it (a funding row, a withdrawal)
 * and with the outbox rows announcing it. Balances change by one conditional UPDATE per account, taken in
 * account-id order (no deadlocks between transactions touching the same accounts); a protected account
 * that would go negative matches no row and the whole transaction is abandoned.
 */
@Injectable()
export class LedgerService {
  async post(tx: Tx, entry: LedgerEntry): Promise<PostedTransaction> {
    const posting = prepare(entry);
    // Everything up to the outbox in one call: the accounts' row locks are held for one round trip instead
    // of ten.
    const rows = await ledgerPost(tx, posting.args);
    const outcome = await this.outcomeOf(directRowsIn(tx), posting, rows);
    if (outcome.replayed) return outcome;
    const { transactionId } = outcome;
    const results = posting.postings.map((leg, index) => {
      const row = rows[index];
      if (row?.account_id !== leg.accountId) throw new Error(`ledger_post answered out of order`);
      return {
        posting: leg,
        balance: { balance_pence: BigInt(row.balance_pence ?? 0n), sequence: BigInt(row.sequence ?? 0n) },
      };
    });
    await this.announcePotBalances(tx, transactionId, entry, results);
    ledgerPostings.inc({ kind: entry.kind });
    return { transactionId, replayed: false };
  }

  /**
   * `post` for a movement that is a transaction of its own (a card hold, release or capture): one
   * autocommitted statement posts it and writes its pot events to the outbox, so the pot's row lock is
   * held for that statement and its commit only — not across the round trips to an outbox insert and a
   * COMMIT, which under load made every hold on a busy pot wait for the Node process of the one before.
   * A protected account that clearly cannot pay is refused before any lock is queued for (migration
   * 20261128070742). Run by `rows`: the client's direct statements (ADR 0017), as each authorisation Stripe
   * waits on posts one.
   */
  async postAlone(rows: DirectRows, entry: LedgerEntry): Promise<PostedTransaction> {
    const posted = await this.postInOneStatement(rows, entry, null);
    if (!posted) throw new Error('ledger_post_or_refuse answered nothing');
    return posted;
  }

  /**
   * `postAlone` standing on `claim`, in the same statement: null when the claim answered no row (nothing was
   * posted). A refusal of the posting (insufficient funds, a closed account) undoes the claim's write too.
   */
  postAloneIfClaimed(
    rows: DirectRows,
    claim: PostingClaim,
    entry: LedgerEntry,
  ): Promise<PostedTransaction | null> {
    return this.postInOneStatement(rows, entry, claim);
  }

  private async postInOneStatement(
    rows: DirectRows,
    entry: LedgerEntry,
    claim: PostingClaim | null,
  ): Promise<PostedTransaction | null> {
    const posting = prepare(entry);
    const announcement = {
      queue: PaymentsJobs.potBalanceChanged.queue.name,
      jobName: PaymentsJobs.potBalanceChanged.name,
      commonJson: JSON.stringify(withRequestId(PotBalanceEventCommon.parse(potEventCommon(entry)))),
      potIds: posting.postings.map((leg) => potIdOf(leg.accountId)),
    };
    let posted: PostRow[];
    try {
      posted = await ledgerPostAlone(rows, posting.args, announcement, claim);
    } catch (error) {
      const refused = refusedAccount(error);
      if (refused !== null) throw new InsufficientFundsError(refused);
      const closed = closedAccount(error);
      if (closed !== null) throw new ClosedAccountError(closed);
      throw error;
    }
    if (posted.length === 0) return null;
    const outcome = await this.outcomeOf(rows, posting, posted);
    if (!outcome.replayed) ledgerPostings.inc({ kind: entry.kind });
    return outcome;
  }

  /** What ledger_post answered: the transaction posted now, or the earlier one of a replay; throws the refusals. */
  private async outcomeOf(
    db: DirectRows,
    posting: PreparedPosting,
    rows: PostRow[],
  ): Promise<PostedTransaction> {
    const [first] = rows;
    if (first.outcome === 'replay') return this.replay(db, posting.idempotencyKey, posting.requestHash);
    if (first.outcome === 'insufficient') throw new InsufficientFundsError(String(first.account_id));
    if (first.outcome === 'closed') throw new ClosedAccountError(String(first.account_id));
    return { transactionId: String(first.transaction_id), replayed: false };
  }

  /**
   * Posts the mirror image of an earlier transaction. Idempotent: a second call (or a concurrent one, which
   * waits on the first's key) finds the reversal already posted. When no transaction has that key there is
   * nothing to undo and null is returned; a caller whose posting may still be on its way orders the two by a
   * row of its own (a card hold: `card_authorizations`).
   */
  async reverse(
    tx: Tx,
    idempotencyKey: string,
    reason: string,
    kind: LedgerKind,
  ): Promise<PostedTransaction | null> {
    const original = await transactionWithLegs(tx, idempotencyKey);
    if (!original) return null;
    const { transaction, legs } = original;
    return this.post(tx, {
      idempotencyKey: `reversal:${idempotencyKey}`,
      kind,
      description: reason,
      userId: transaction.user_id,
      postings: legs.map((leg) => ({ accountId: leg.account_id, amountPence: -leg.amount_pence })),
      metadata: { reverses: transaction.id },
    });
  }

  /** Current balance of an account (0 for one that has never moved); a platform account's over all its rows. */
  async balance(db: Pick<Tx, '$queryRawUnsafe'>, accountId: string): Promise<bigint> {
    return accountBalance(db, accountId, isPlatformAccount(accountId));
  }

  private async replay(
    db: DirectRows,
    idempotencyKey: string,
    requestHash: string,
  ): Promise<PostedTransaction> {
    const earlier = await transactionByKey(db, idempotencyKey);
    if (earlier?.request_hash !== requestHash) throw new IdempotencyConflictError(idempotencyKey);
    // A command repeated after its posting was given back (a pot-paid expense whose record never committed,
    // refunded) must not be told the money moved, or its record would be made for money no longer spent.
    if (await keyPosted(db, `reversal:${idempotencyKey}`)) throw new ReversedKeyError(idempotencyKey);
    return { transactionId: earlier.id, replayed: true };
  }

  /** `payments.pot-balance.changed`, in the same transaction: the pots service's projection never misses one. */
  private async announcePotBalances(
    tx: Tx,
    transactionId: string,
    entry: LedgerEntry,
    results: readonly { posting: Posting; balance: BalanceRow }[],
  ) {
    for (const { posting, balance } of results) {
      const potId = potIdOf(posting.accountId);
      if (!potId) continue;
      const { queue, jobName, payload } = outboxMessage(PaymentsJobs.potBalanceChanged, {
        ...potEventCommon(entry),
        potId,
        balancePence: penceFromBigInt(balance.balance_pence),
        sequence: penceFromBigInt(balance.sequence),
        transactionId,
        amountPence: penceFromBigInt(posting.amountPence),
      });
      await insertOutboxRow(tx, queue, jobName, JSON.stringify(payload));
    }
  }
}

/** What the pot's event says beside the numbers only the posting knows. */
const PotBalanceEventCommon = PotBalanceChanged.pick({
  kind: true,
  userId: true,
  description: true,
  occurredAt: true,
});

function potEventCommon(entry: LedgerEntry): z.infer<typeof PotBalanceEventCommon> {
  return {
    kind: POT_EVENT_KINDS.has(entry.kind) ? (entry.kind as PotBalanceChanged['kind']) : 'adjustment',
    userId: entry.userId,
    description: entry.description,
    occurredAt: new Date().toISOString(),
  };
}

interface PreparedPosting {
  idempotencyKey: string;
  requestHash: string;
  /** On their rows, in lock order. */
  postings: Posting[];
  args: LedgerPostArgs;
}

function prepare(entry: LedgerEntry): PreparedPosting {
  const logical = normalise(entry.postings);
  // Hashed as asked (platform accounts whole), so a key posted before the rows were spread still replays.
  const requestHash = hashRequest(entry, logical);
  const postings = onPlatformRows(logical, entry.idempotencyKey);
  const policies = postings.map((posting) => accountPolicy(posting.accountId));
  return {
    idempotencyKey: entry.idempotencyKey,
    requestHash,
    postings,
    args: [
      entry.idempotencyKey,
      requestHash,
      entry.kind,
      entry.description,
      JSON.stringify({ ...entry.metadata, userId: entry.userId }),
      entry.metadata?.['reverses'] ?? null,
      postings.map((posting) => posting.accountId),
      policies.map((policy) => policy.kind),
      policies.map((policy) => policy.ownerId),
      policies.map((policy) => policy.allowNegative),
      postings.map((posting) => posting.amountPence),
    ],
  };
}

interface PostgresError {
  originalCode?: string;
  detail?: string;
}

/** SQLSTATE of ledger_post_or_refuse's refusal (migration 20261127070501). */
const REFUSED_SQLSTATE = 'KL001';
/** SQLSTATE of ledger_post_or_refuse's credit to a closed wallet (migration 20261129073256). */
const CLOSED_SQLSTATE = 'KL002';

/** The account named by ledger_post_or_refuse's refusal, or null for any other error. */
export const refusedAccount = (error: unknown): string | null => accountRaisedAs(error, REFUSED_SQLSTATE);

/** The closed wallet named by ledger_post_or_refuse, or null for any other error. */
const closedAccount = (error: unknown): string | null => accountRaisedAs(error, CLOSED_SQLSTATE);

function accountRaisedAs(error: unknown, sqlState: string): string | null {
  // Postgres's own error, as a direct statement (ADR 0017) meets it.
  const direct = error as { code?: unknown; detail?: string } | null;
  if (direct?.code === sqlState) return direct.detail ?? '';
  // Prisma's raw query error (P2010) carries the driver adapter's error, whose cause is Postgres's.
  const cause = (error as { meta?: { driverAdapterError?: { cause?: PostgresError } } } | null)?.meta
    ?.driverAdapterError?.cause;
  return cause?.originalCode === sqlState ? (cause.detail ?? '') : null;
}

/**
 * Merges postings to the same account, drops nothing silently and sorts by account id (the lock order).
 * An entry must have at least two accounts, no zero leg and sum to zero.
 */
export function normalise(postings: readonly Posting[]): Posting[] {
  const byAccount = new Map<string, bigint>();
  for (const { accountId, amountPence } of postings) {
    if (amountPence === 0n) throw new Error(`Zero posting to ${accountId}`);
    byAccount.set(accountId, (byAccount.get(accountId) ?? 0n) + amountPence);
  }
  const merged = [...byAccount]
    .filter(([, amount]) => amount !== 0n)
    .map(([accountId, amountPence]) => ({ accountId, amountPence }))
    .sort((a, b) => (a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0));
  const sum = merged.reduce((total, posting) => total + posting.amountPence, 0n);
  if (merged.length < 2 || sum !== 0n)
    throw new Error(`Unbalanced ledger entry (sum ${sum}, ${merged.length} accounts)`);
  return merged;
}

/**
 * Puts each platform account's leg on its row for this key (a reversal's legs already name rows), in lock
 * order again: different keys spread over the rows, a repeat of one key finds the same row.
 */
function onPlatformRows(postings: readonly Posting[], idempotencyKey: string): Posting[] {
  return postings
    .map((posting) =>
      isPlatformAccount(posting.accountId)
        ? { ...posting, accountId: platformShard(posting.accountId, idempotencyKey) }
        : posting,
    )
    .sort((a, b) => (a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0));
}

function hashRequest(entry: LedgerEntry, postings: readonly Posting[]): string {
  const canonical = JSON.stringify({
    kind: entry.kind,
    postings: postings.map((p) => [p.accountId, p.amountPence.toString()]),
  });
  return createHash('sha256').update(canonical).digest('hex');
}
