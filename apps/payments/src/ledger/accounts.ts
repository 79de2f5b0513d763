import { createHash } from 'node:crypto';

/**
 * Ledger account ids (DESIGN.md "Money"). Wallets and pots hold users' money and may never go negative;
 * the platform accounts are the other side of every movement and may.
 */
export const PlatformAccount = {
  /** What Stripe holds for us: debited when a payer's charge succeeds, credited when a payout leaves. */
  stripeClearing: 'stripe:clearing',
  fees: 'platform:fees',
  payoutsInTransit: 'payouts:in-transit',
  cardSpend: 'card:spend',
  cardHolds: 'card:holds',
  externalExpenses: 'external:expenses',
  /**
   * Money that came back for someone who has since deleted their account (a payout the bank returned after
   * Stripe reported it paid): a closed wallet takes no credit, so it is held here, named by withdrawal in
   * the transaction's metadata, until an operator returns it to its owner some other way.
   */
  unclaimedFunds: 'unclaimed:funds',
} as const;

/**
 * Each platform account is spread over this many balance rows (`card:holds/07`), chosen by the posting's
 * idempotency key: every top-up and card hold in the platform touches one, so a single row would make them
 * all wait on one lock. Its balance is the sum of its rows (`LedgerService.balance`).
 */
export const PLATFORM_SHARDS = 16;

/** The row of platform account `accountId` that the posting under `idempotencyKey` uses. */
export function platformShard(accountId: string, idempotencyKey: string): string {
  const shard = createHash('sha256').update(idempotencyKey).digest().readUInt16BE(0) % PLATFORM_SHARDS;
  return `${accountId}/${String(shard).padStart(2, '0')}`;
}

/** Whether `accountId` names a platform account as a whole (not one of its rows). */
export const isPlatformAccount = (accountId: string) => PLATFORM_IDS.has(accountId);

export const walletAccount = (userId: string) => `wallet:${userId}`;
export const potAccount = (potId: string) => `pot:${potId}`;

export interface AccountPolicy {
  kind: 'wallet' | 'pot' | 'platform';
  ownerId: string | null;
  allowNegative: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PLATFORM_IDS = new Set<string>(Object.values(PlatformAccount));
const SHARD_ROW = /^(.+)\/(\d{2})$/;

/** What an account id means; an id that is neither a known platform account nor wallet/pot is a bug. */
export function accountPolicy(accountId: string): AccountPolicy {
  const [prefix, owner] = splitOnce(accountId);
  if ((prefix === 'wallet' || prefix === 'pot') && owner && UUID.test(owner))
    return { kind: prefix, ownerId: owner, allowNegative: false };
  const row = SHARD_ROW.exec(accountId);
  const platform = row
    ? PLATFORM_IDS.has(row[1]) && Number(row[2]) < PLATFORM_SHARDS
    : PLATFORM_IDS.has(accountId);
  if (platform) return { kind: 'platform', ownerId: null, allowNegative: true };
  throw new Error(`Unknown ledger account: ${accountId}`);
}

/** The pot id of a `pot:<id>` account, else null. */
export function potIdOf(accountId: string): string | null {
  const [prefix, owner] = splitOnce(accountId);
  return prefix === 'pot' && owner ? owner : null;
}

function splitOnce(accountId: string): [string, string | undefined] {
  const at = accountId.indexOf(':');
  return at < 0 ? [accountId, undefined] : [accountId.slice(0, at), accountId.slice(at + 1)];
}
