import { Uuid } from '@kitty/contracts';
import { penceFromBigInt } from '@kitty/money';
import { Injectable, Logger } from '@nestjs/common';
import type Stripe from 'stripe';

import { type FundingStatus,FundingTransactionsRepository } from '../funding/funding-transactions.repository';
import { PlatformAccount } from '../ledger/accounts';
import { LedgerService } from '../ledger/ledger.service';
import { notifyTopUpCredited } from '../notices/money-notifications';
import type { Tx } from '../prisma.service';
import type { CheckoutOutcome } from './event-outcome';

/** Stripe charged a different total than the funding row asked for: never credit that silently. */
export class FundingAmountMismatchError extends Error {
  constructor(fundingId: string, expected: bigint, actual: number | null) {
    super(`Checkout for funding ${fundingId} charged ${actual}p, expected ${expected}p`);
    this.name = 'FundingAmountMismatchError';
  }
}

/** A top-up that has not ended yet: failing or expiring still applies to it. */
const UNSETTLED: readonly FundingStatus[] = ['pending', 'processing'];

const DESCRIPTIONS: Record<string, string> = {
  card: 'Funds added by card',
  apple_pay: 'Funds added with Apple Pay',
  google_pay: 'Funds added with Google Pay',
  bank_transfer: 'Funds added by bank transfer',
};

/**
 * Applies a checkout outcome to its funding row inside the event's transaction. Status changes are
 * conditional UPDATEs that only move forward (pending → processing → succeeded/failed/expired; succeeded
 * is final), so events applied in any order end in the same state.
 */
@Injectable()
export class TopUpCreditService {
  private readonly logger = new Logger(TopUpCreditService.name);

  constructor(
    private readonly ledger: LedgerService,
    private readonly funding: FundingTransactionsRepository,
  ) {}

  /** Returns the payer's user id when the funding row changed (null: nothing to tell anyone). */
  async apply(tx: Tx, session: Stripe.Checkout.Session, outcome: CheckoutOutcome): Promise<string | null> {
    const fundingId = session.client_reference_id ?? session.metadata?.['fundingId'];
    if (!fundingId || !Uuid.safeParse(fundingId).success) {
      this.logger.warn(`Checkout session ${session.id} is not a Kitty top-up`);
      return null;
    }
    const row = { fundingId, sessionId: session.id };
    switch (outcome.kind) {
      case 'credit':
        return this.credit(tx, fundingId, session);
      case 'processing':
        return this.funding.move(tx, { ...row, status: 'processing', from: ['pending'], reason: null });
      case 'failed':
        return this.funding.move(tx, { ...row, status: 'failed', from: UNSETTLED, reason: outcome.reason });
      case 'expired':
        return this.funding.move(tx, { ...row, status: 'expired', from: UNSETTLED, reason: outcome.reason });
    }
  }

  /**
   * The payer's money arrived: stripe:clearing −(P+F), destination +P, platform:fees +F, once per session
   * (ledger key `topup:<session>`), and the row becomes succeeded in the same commit.
   */
  private async credit(tx: Tx, fundingId: string, session: Stripe.Checkout.Session): Promise<string | null> {
    const row = await this.funding.lockUnsettled(tx, fundingId);
    if (!row) return null;
    const total = row.amount_pence + row.fee_pence;
    if (session.amount_total === null || BigInt(session.amount_total) !== total)
      throw new FundingAmountMismatchError(fundingId, total, session.amount_total);

    const posted = await this.ledger.post(tx, {
      idempotencyKey: `topup:${session.id}`,
      kind: 'top_up',
      description: DESCRIPTIONS[row.method] ?? 'Funds added',
      userId: row.user_id,
      postings: [
        { accountId: PlatformAccount.stripeClearing, amountPence: -total },
        { accountId: row.credit_account_id, amountPence: row.amount_pence },
        ...(row.fee_pence > 0n ? [{ accountId: PlatformAccount.fees, amountPence: row.fee_pence }] : []),
      ],
      metadata: { fundingId, sessionId: session.id, feePence: String(penceFromBigInt(row.fee_pence)) },
    });
    await this.funding.markSucceeded(tx, fundingId, posted.transactionId, session.id);
    await notifyTopUpCredited(tx, row);
    return row.user_id;
  }
}
