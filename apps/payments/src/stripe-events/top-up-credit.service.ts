import { Uuid } from '@kitty/contracts';
import { penceFromBigInt } from '@kitty/money';
import { Injectable, Logger } from '@nestjs/common';
import type Stripe from 'stripe';

import { PlatformAccount } from '../ledger/accounts';
import { LedgerService } from '../ledger/ledger.service';
import { notifyTopUpCredited } from '../notices/money-notifications';
import type { Tx } from '../prisma.service';
import type { CheckoutOutcome } from './event-outcome';

interface FundingRow {
  id: string;
  user_id: string;
  amount_pence: bigint;
  fee_pence: bigint;
  credit_account_id: string;
  method: string;
  destination_type: string;
  destination_id: string | null;
  destination_name: string;
}

/** Stripe charged a different total than the funding row asked for: never credit that silently. */
export class FundingAmountMismatchError extends Error {
  constructor(fundingId: string, expected: bigint, actual: number | null) {
    super(`Checkout for funding ${fundingId} charged ${actual}p, expected ${expected}p`);
    this.name = 'FundingAmountMismatchError';
  }
}

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

  constructor(private readonly ledger: LedgerService) {}

  /** Returns the payer's user id when the funding row changed (null: nothing to tell anyone). */
  async apply(tx: Tx, session: Stripe.Checkout.Session, outcome: CheckoutOutcome): Promise<string | null> {
    const fundingId = session.client_reference_id ?? session.metadata?.['fundingId'];
    if (!fundingId || !Uuid.safeParse(fundingId).success) {
      this.logger.warn(`Checkout session ${session.id} is not a Kitty top-up`);
      return null;
    }
    switch (outcome.kind) {
      case 'credit':
        return this.credit(tx, fundingId, session);
      case 'processing':
        return this.move(tx, fundingId, session.id, 'processing', ['pending'], null);
      case 'failed':
        return this.move(tx, fundingId, session.id, 'failed', ['pending', 'processing'], outcome.reason);
      case 'expired':
        return this.move(tx, fundingId, session.id, 'expired', ['pending', 'processing'], outcome.reason);
    }
  }

  /**
   * The payer's money arrived: stripe:clearing −(P+F), destination +P, platform:fees +F, once per session
   * (ledger key `topup:<session>`), and the row becomes succeeded in the same commit.
   */
  private async credit(tx: Tx, fundingId: string, session: Stripe.Checkout.Session): Promise<string | null> {
    const rows = await tx.$queryRawUnsafe<FundingRow[]>(
      `SELECT id, user_id, amount_pence, fee_pence, credit_account_id, method,
              destination_type, destination_id::text, destination_name
         FROM funding_transactions WHERE id = $1::uuid AND status <> 'succeeded' FOR UPDATE`,
      fundingId,
    );
    const row = rows[0];
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
    await tx.$executeRawUnsafe(
      `UPDATE funding_transactions
          SET status = 'succeeded', ledger_transaction_id = $2::uuid, session_id = COALESCE(session_id, $3),
              failure_reason = NULL, completed_at = now(), updated_at = now()
        WHERE id = $1::uuid`,
      fundingId,
      posted.transactionId,
      session.id,
    );
    await notifyTopUpCredited(tx, row);
    return row.user_id;
  }

  /** The row's owner when it moved (null: it was past `from` already). */
  private async move(
    tx: Tx,
    fundingId: string,
    sessionId: string,
    status: 'processing' | 'failed' | 'expired',
    from: readonly string[],
    reason: string | null,
  ): Promise<string | null> {
    const [moved] = await tx.$queryRawUnsafe<{ user_id: string }[]>(
      `UPDATE funding_transactions
          SET status = $2, failure_reason = $3, session_id = COALESCE(session_id, $4),
              completed_at = CASE WHEN $2 = 'processing' THEN NULL ELSE now() END, updated_at = now()
        WHERE id = $1::uuid AND status = ANY($5::text[])
        RETURNING user_id::text`,
      fundingId,
      status,
      reason,
      sessionId,
      from,
    );
    return moved?.user_id ?? null;
  }
}
