import type { ReconciliationMismatch, ReconciliationReport } from '@kitty/contracts';
import { STRIPE_CLIENT } from '@kitty/nest-common';
import { Inject, Injectable, Logger } from '@nestjs/common';
import Stripe from 'stripe';

import {
  compareSides,
  type LedgerSide,
  type StripePayout,
  type StripeSide,
} from './compare';
import { recordReconciliation } from './reconciliation.metrics';
import { ReconciliationRepository, type ReconciliationWindow } from './reconciliation.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The window of the daily run: the whole previous UTC day. It runs hours after midnight, so webhooks
 * that Stripe retries for a while have landed and a top-up paid at 23:59 is not reported as missing.
 */
export function previousUtcDay(now: Date): ReconciliationWindow {
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return { from: new Date(to.getTime() - DAY_MS), to };
}

/**
 * Compares Stripe (Checkout Sessions, payouts and transfers created in the window, read with the SDK's
 * auto-pagination) with the ledger (top_up transactions per session, withdrawals and their payouts).
 * A withdrawal paid through Connect has its payout on the user's connected account: that payout is read
 * there (`Stripe-Account`), found through the withdrawal that our transfer to the account names.
 * Only reads: a run can be repeated at will.
 */
@Injectable()
export class ReconciliationService {
  private readonly logger = new Logger(ReconciliationService.name);

  constructor(
    private readonly ledger: ReconciliationRepository,
    @Inject(STRIPE_CLIENT) private readonly stripe: Stripe,
  ) {}

  async reconcile(window: ReconciliationWindow): Promise<ReconciliationReport> {
    const stripe = await this.stripeSide(window);
    const ledger = await this.ledgerSide(window, stripe);
    await this.confirmOutsideWindow(stripe, ledger);
    const mismatches = compareSides(stripe, ledger);
    const report: ReconciliationReport = {
      from: window.from.toISOString(),
      to: window.to.toISOString(),
      stripe: { paidSessions: stripe.paidSessions.size, payouts: stripe.payouts.size },
      ledger: { topUps: ledger.topUps.size, withdrawals: ledger.withdrawals.length },
      mismatches,
    };
    recordReconciliation(mismatches);
    this.log(report, mismatches);
    return report;
  }

  private async stripeSide({
    from,
    to,
  }: ReconciliationWindow): Promise<StripeSide & { transferredWithdrawals: string[] }> {
    const created = { gte: seconds(from), lt: seconds(to) };
    const paidSessions = new Map<string, number>();
    const unpaidSessions = new Set<string>();
    for await (const session of this.stripe.checkout.sessions.list({ created, limit: 100 })) {
      if (!isOurs(session.metadata)) continue;
      if (session.payment_status === 'paid') paidSessions.set(session.id, session.amount_total ?? 0);
      else unpaidSessions.add(session.id);
    }
    const payouts = new Map<string, StripePayout>();
    for await (const payout of this.stripe.payouts.list({ created, limit: 100 })) {
      const withdrawalId = payout.metadata?.['withdrawalId'] ?? null;
      if (withdrawalId) payouts.set(payout.id, toPayout(payout));
    }
    const transferredWithdrawals: string[] = [];
    for await (const transfer of this.stripe.transfers.list({ created, limit: 100 })) {
      const withdrawalId = transfer.metadata?.['withdrawalId'];
      if (withdrawalId) transferredWithdrawals.push(withdrawalId);
    }
    return { paidSessions, unpaidSessions, payouts, unknownPayouts: new Set(), transferredWithdrawals };
  }

  /**
   * The ledger's top-ups and withdrawals of the window, plus those Stripe listed (a row written a moment
   * before or after the Stripe object may fall on the other side of a window edge).
   */
  private ledgerSide(
    window: ReconciliationWindow,
    stripe: StripeSide & { transferredWithdrawals: string[] },
  ): Promise<LedgerSide> {
    const sessionIds = [...stripe.paidSessions.keys(), ...stripe.unpaidSessions];
    const payoutIds = [...stripe.payouts.keys()];
    const withdrawalIds = [
      ...[...stripe.payouts.values()].flatMap((p) => (p.withdrawalId ? [p.withdrawalId] : [])),
      ...stripe.transferredWithdrawals,
    ];
    return this.ledger.ledgerSide(window, { sessionIds, payoutIds, withdrawalIds });
  }

  /** Ledger entries whose Stripe object was created outside the window are looked up one by one. */
  private async confirmOutsideWindow(stripe: StripeSide, ledger: LedgerSide): Promise<void> {
    for (const sessionId of ledger.topUps.keys()) {
      if (stripe.paidSessions.has(sessionId) || stripe.unpaidSessions.has(sessionId)) continue;
      const session = await this.retrieve(() => this.stripe.checkout.sessions.retrieve(sessionId));
      if (session?.payment_status === 'paid') stripe.paidSessions.set(sessionId, session.amount_total ?? 0);
      else stripe.unpaidSessions.add(sessionId);
    }
    for (const withdrawal of ledger.withdrawals) {
      if (!withdrawal.payoutId || stripe.payouts.has(withdrawal.payoutId)) continue;
      const account = withdrawal.payoutAccount ? { stripeAccount: withdrawal.payoutAccount } : {};
      const payout = await this.retrieve(() =>
        this.stripe.payouts.retrieve(withdrawal.payoutId as string, {}, account),
      );
      if (payout) stripe.payouts.set(payout.id, toPayout(payout));
      else stripe.unknownPayouts.add(withdrawal.payoutId);
    }
  }

  /** null when Stripe answers that the object does not exist; any other failure fails the run (retried). */
  private async retrieve<T>(call: () => Promise<T>): Promise<T | null> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw error;
    }
  }

  private log(report: ReconciliationReport, mismatches: ReconciliationMismatch[]): void {
    const summary =
      `Reconciliation ${report.from} – ${report.to}: ${report.stripe.paidSessions} paid sessions, ` +
      `${report.stripe.payouts} payouts at Stripe; ${report.ledger.topUps} top-ups, ` +
      `${report.ledger.withdrawals} withdrawals in the ledger`;
    if (mismatches.length === 0) {
      this.logger.log(`${summary}: no mismatch`);
      return;
    }
    this.logger.error(`${summary}: ${mismatches.length} mismatch(es)`);
    for (const mismatch of mismatches)
      this.logger.error(`Reconciliation mismatch ${mismatch.kind} ${mismatch.stripeId}: ${mismatch.detail}`);
  }
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** Our Checkout Sessions carry the funding row's id; anything else on the account is not ours to check. */
const isOurs = (metadata: Stripe.Metadata | null) => Boolean(metadata?.['fundingId']);

function toPayout(payout: Stripe.Payout): StripePayout {
  return {
    id: payout.id,
    amountPence: payout.amount,
    status: payout.status,
    withdrawalId: payout.metadata?.['withdrawalId'] ?? null,
  };
}
