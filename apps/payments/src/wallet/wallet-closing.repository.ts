import { Injectable } from '@nestjs/common';

import type { Tx } from '../prisma.service';

/** What may still move money into or out of a wallet. */
export interface WalletInFlight {
  withdrawals: number;
  approvals: number;
  top_ups: number;
}

/** A wallet's balance row as its closing takes and closes it, and what is still on its way to or from it. */
@Injectable()
export class WalletClosingRepository {
  /**
   * The wallet's balance, its row locked until the transaction ends. A wallet that never moved has no row
   * yet: it is made here, so that there is a row to lock and to close.
   */
  async lockBalance(tx: Tx, wallet: string, userId: string): Promise<bigint> {
    await tx.$executeRawUnsafe(
      `INSERT INTO ledger_accounts (id, kind, owner_id, allow_negative)
       VALUES ($1, 'wallet', $2::uuid, false) ON CONFLICT (id) DO NOTHING`,
      wallet,
      userId,
    );
    const [account] = await tx.$queryRawUnsafe<{ balance_pence: bigint }[]>(
      `SELECT balance_pence FROM ledger_accounts WHERE id = $1 FOR UPDATE`,
      wallet,
    );
    return account.balance_pence;
  }

  async inFlight(tx: Tx, wallet: string, userId: string): Promise<WalletInFlight> {
    const [inFlight] = await tx.$queryRawUnsafe<WalletInFlight[]>(
      `SELECT (SELECT count(*) FROM withdrawals WHERE user_id = $1::uuid AND status = 'pending')::int AS withdrawals,
              (SELECT count(*) FROM withdrawals
                WHERE user_id = $1::uuid AND status = 'awaiting_approval')::int AS approvals,
              (SELECT count(*) FROM funding_transactions
                WHERE credit_account_id = $2 AND status IN ('pending', 'processing'))::int AS top_ups`,
      userId,
      wallet,
    );
    return inFlight;
  }

  /** From now on every credit to the wallet is refused (ledger_post checks `closed_at`). */
  async close(tx: Tx, wallet: string): Promise<void> {
    await tx.$executeRawUnsafe(
      `UPDATE ledger_accounts SET closed_at = now() WHERE id = $1 AND closed_at IS NULL`,
      wallet,
    );
  }
}
