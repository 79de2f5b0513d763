import { Injectable } from '@nestjs/common';

import type { Tx } from '../prisma.service';

/** A top-up not yet credited, as its credit reads it. */
export interface UnsettledFunding {
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

export type FundingStatus = 'pending' | 'processing' | 'succeeded' | 'failed' | 'expired';

/**
 * Top-ups' rows (`funding_transactions`) as Stripe's events move them, always inside the event's
 * transaction. Status changes only move forward, so events applied in any order end in the same state.
 */
@Injectable()
export class FundingTransactionsRepository {
  /** The row, locked until the transaction ends, unless it was already credited. */
  async lockUnsettled(tx: Tx, fundingId: string): Promise<UnsettledFunding | null> {
    const rows = await tx.$queryRawUnsafe<UnsettledFunding[]>(
      `SELECT id, user_id, amount_pence, fee_pence, credit_account_id, method,
              destination_type, destination_id::text, destination_name
         FROM funding_transactions WHERE id = $1::uuid AND status <> 'succeeded' FOR UPDATE`,
      fundingId,
    );
    return rows[0] ?? null;
  }

  async markSucceeded(tx: Tx, fundingId: string, ledgerTransactionId: string, sessionId: string): Promise<void> {
    await tx.$executeRawUnsafe(
      `UPDATE funding_transactions
          SET status = 'succeeded', ledger_transaction_id = $2::uuid, session_id = COALESCE(session_id, $3),
              failure_reason = NULL, completed_at = now(), updated_at = now()
        WHERE id = $1::uuid`,
      fundingId,
      ledgerTransactionId,
      sessionId,
    );
  }

  /** The row's owner when it moved to `status` (null: it was past `from` already). */
  async move(
    tx: Tx,
    change: {
      fundingId: string;
      sessionId: string;
      status: Exclude<FundingStatus, 'pending' | 'succeeded'>;
      from: readonly FundingStatus[];
      reason: string | null;
    },
  ): Promise<string | null> {
    const [moved] = await tx.$queryRawUnsafe<{ user_id: string }[]>(
      `UPDATE funding_transactions
          SET status = $2, failure_reason = $3, session_id = COALESCE(session_id, $4),
              completed_at = CASE WHEN $2 = 'processing' THEN NULL ELSE now() END, updated_at = now()
        WHERE id = $1::uuid AND status = ANY($5::text[])
        RETURNING user_id::text`,
      change.fundingId,
      change.status,
      change.reason,
      change.sessionId,
      change.from,
    );
    return moved?.user_id ?? null;
  }
}
