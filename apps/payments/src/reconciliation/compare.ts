import type { ReconciliationMismatch } from '@kitty/contracts';

/** Stripe's side of a window: paid Checkout Sessions of ours (id → amount charged) and our payouts. */
export interface StripeSide {
  paidSessions: Map<string, number>;
  /** Sessions the ledger credited that Stripe lists as not paid (or does not know). */
  unpaidSessions: Set<string>;
  payouts: Map<string, StripePayout>;
  /** Payout ids the ledger records that Stripe does not know. */
  unknownPayouts: Set<string>;
}

export interface StripePayout {
  id: string;
  amountPence: number;
  status: string;
  withdrawalId: string | null;
}

/** The ledger's side: top-ups by session (amount Stripe should have charged) and withdrawals with a payout. */
export interface LedgerSide {
  topUps: Map<string, number>;
  withdrawals: LedgerWithdrawal[];
}

export interface LedgerWithdrawal {
  id: string;
  payoutId: string | null;
  amountPence: number;
  /** From its ledger transactions: paid once withdrawal-paid is posted, failed once released or returned. */
  status: 'pending' | 'paid' | 'failed';
  /** The connected account its payout was made on (after a transfer there), or null for the platform's. */
  payoutAccount?: string | null;
}

const FINAL_PAYOUT_STATUS: Record<string, LedgerWithdrawal['status']> = {
  paid: 'paid',
  failed: 'failed',
  canceled: 'failed',
};

/** Every difference between the two sides; empty when they agree. Pure, so the rules are unit-tested. */
export function compareSides(stripe: StripeSide, ledger: LedgerSide): ReconciliationMismatch[] {
  const mismatches: ReconciliationMismatch[] = [];
  for (const [sessionId, charged] of stripe.paidSessions) {
    const credited = ledger.topUps.get(sessionId);
    if (credited === undefined)
      mismatches.push({
        kind: 'top_up_missing',
        stripeId: sessionId,
        detail: `paid ${charged}p at Stripe, no top-up in the ledger`,
      });
    else if (credited !== charged)
      mismatches.push({
        kind: 'top_up_amount',
        stripeId: sessionId,
        detail: `paid ${charged}p at Stripe, ${credited}p in the ledger`,
      });
  }
  for (const [sessionId, credited] of ledger.topUps) {
    if (stripe.unpaidSessions.has(sessionId))
      mismatches.push({
        kind: 'top_up_unpaid',
        stripeId: sessionId,
        detail: `${credited}p credited, but Stripe does not show the session as paid`,
      });
  }

  const byPayout = new Map(
    ledger.withdrawals.filter((w) => w.payoutId).map((w) => [w.payoutId as string, w]),
  );
  for (const payout of stripe.payouts.values()) {
    const withdrawal = byPayout.get(payout.id);
    if (!withdrawal) {
      mismatches.push({
        kind: 'payout_unrecorded',
        stripeId: payout.id,
        detail: `${payout.amountPence}p ${payout.status} at Stripe for withdrawal ${payout.withdrawalId ?? '(none)'}, no withdrawal records it`,
      });
      continue;
    }
    if (withdrawal.amountPence !== payout.amountPence)
      mismatches.push({
        kind: 'payout_amount',
        stripeId: payout.id,
        detail: `${payout.amountPence}p at Stripe, withdrawal ${withdrawal.id} is ${withdrawal.amountPence}p`,
      });
    const expected = FINAL_PAYOUT_STATUS[payout.status] ?? 'pending';
    if (withdrawal.status !== expected)
      mismatches.push({
        kind: 'payout_status',
        stripeId: payout.id,
        detail: `${payout.status} at Stripe, withdrawal ${withdrawal.id} is ${withdrawal.status} in the ledger`,
      });
  }
  for (const payoutId of stripe.unknownPayouts) {
    const withdrawal = byPayout.get(payoutId);
    mismatches.push({
      kind: 'payout_missing_at_stripe',
      stripeId: payoutId,
      detail: `withdrawal ${withdrawal?.id ?? '?'} records this payout; Stripe does not know it`,
    });
  }
  return mismatches;
}
