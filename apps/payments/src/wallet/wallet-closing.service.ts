import type { CloseWalletCommand } from '@kitty/contracts';
import { formatPence } from '@kitty/money';
import { ProblemError } from '@kitty/nest-common';
import { Injectable } from '@nestjs/common';

import { walletAccount } from '../ledger/accounts';
import { PrismaService } from '../prisma.service';
import { WalletClosingRepository } from './wallet-closing.repository';

/**
 * Closes a wallet as its owner deletes their account, so that no money can ever land in a deleted account.
 * The wallet's balance row is the lock: it is taken here before anything is checked, and every credit to
 * the wallet updates that row under the same lock and is refused once `closed_at` is set (ledger_post,
 * migration 20261129073256). A payment racing the deletion therefore either lands first, and the closing
 * sees the money and refuses, or comes second and is refused. Withdrawals and top-ups still on their way
 * would credit the wallet when they fail or succeed, so they block the closing as well.
 */
@Injectable()
export class WalletClosingService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly wallets: WalletClosingRepository,
  ) {}

  async close({ userId }: CloseWalletCommand): Promise<void> {
    const wallet = walletAccount(userId);
    await this.prisma.$transaction(async (tx) => {
      const balance = Number(await this.wallets.lockBalance(tx, wallet, userId));
      const inFlight = await this.wallets.inFlight(tx, wallet, userId);
      const reasons = [
        balance !== 0 && `your Kitty wallet still holds ${formatPence(balance)}: withdraw it first`,
        inFlight.withdrawals > 0 && 'a withdrawal is still on its way',
        inFlight.approvals > 0 && 'a withdrawal from a pot is waiting for approval: cancel it first',
        inFlight.top_ups > 0 && 'a payment into your wallet is still being processed',
      ].filter((reason): reason is string => Boolean(reason));
      if (reasons.length > 0) throw moneyLeft(reasons);
      await this.wallets.close(tx, wallet);
    });
  }
}

/** The 409 of a deletion with money left: each reason says what to settle first. */
export function moneyLeft(reasons: readonly string[]): ProblemError {
  return ProblemError.of(
    409,
    'Money left in your account',
    `Your account can be deleted once no money is left in it: ${reasons.join('; ')}.`,
  );
}
