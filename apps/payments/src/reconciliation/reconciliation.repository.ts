import { Injectable } from '@nestjs/common';

import { PlatformAccount } from '../ledger/accounts';
import { PrismaService } from '../prisma.service';
import type { LedgerSide, LedgerWithdrawal } from './compare';

export interface ReconciliationWindow {
  from: Date;
  to: Date;
}

/** What Stripe listed besides the window: objects whose ledger rows may sit just outside it. */
export interface StripeListed {
  sessionIds: string[];
  payoutIds: string[];
  withdrawalIds: string[];
}

/** The ledger's side of a reconciliation: top-ups and withdrawals as payments recorded them. */
@Injectable()
export class ReconciliationRepository {
  constructor(private readonly prisma: PrismaService) {}

  async ledgerSide(
    { from, to }: ReconciliationWindow,
    { sessionIds, payoutIds, withdrawalIds }: StripeListed,
  ): Promise<LedgerSide> {
    // The amount Stripe charged is what left stripe:clearing (any of its rows) in the top-up's transaction.
    const topUps = await this.prisma.$queryRawUnsafe<{ session_id: string; charged: bigint }[]>(
      `SELECT f.session_id, -SUM(p.amount_pence) AS charged
         FROM funding_transactions f
         JOIN ledger_transactions t ON t.idempotency_key = 'topup:' || f.session_id AND t.kind = 'top_up'
         JOIN ledger_postings p ON p.transaction_id = t.id AND split_part(p.account_id, '/', 1) = $4
        WHERE (f.created_at >= $1 AND f.created_at < $2) OR f.session_id = ANY($3::text[])
        GROUP BY f.session_id`,
      from,
      to,
      sessionIds,
      PlatformAccount.stripeClearing,
    );
    const withdrawals = await this.prisma.$queryRawUnsafe<
      {
        id: string;
        payout_id: string | null;
        amount_pence: bigint;
        paid: boolean;
        released: boolean;
        payout_account: string | null;
      }[]
    >(
      `SELECT w.id, w.payout_id, w.amount_pence,
              CASE WHEN w.transfer_id IS NOT NULL THEN w.stripe_account_id END AS payout_account,
              EXISTS (SELECT 1 FROM ledger_transactions t
                       WHERE t.idempotency_key = 'withdrawal-paid:' || w.id) AS paid,
              EXISTS (SELECT 1 FROM ledger_transactions t
                       WHERE t.idempotency_key IN ('withdrawal-released:' || w.id, 'withdrawal-returned:' || w.id))
                AS released
         FROM withdrawals w
        WHERE (w.payout_id IS NOT NULL AND w.created_at >= $1 AND w.created_at < $2)
           OR w.payout_id = ANY($3::text[]) OR w.id::text = ANY($4::text[])`,
      from,
      to,
      payoutIds,
      withdrawalIds,
    );
    return {
      topUps: new Map(topUps.map((row) => [row.session_id, Number(row.charged)])),
      withdrawals: withdrawals.map((row): LedgerWithdrawal => ({
        id: row.id,
        payoutId: row.payout_id,
        amountPence: Number(row.amount_pence),
        status: row.released ? 'failed' : row.paid ? 'paid' : 'pending',
        payoutAccount: row.payout_account,
      })),
    };
  }

}
