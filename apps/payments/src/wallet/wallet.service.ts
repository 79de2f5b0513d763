import { MAX_WITHDRAWAL_PENCE, type PaymentsCaller, type Wallet } from '@kitty/contracts';
import { penceFromBigInt } from '@kitty/money';
import { Injectable } from '@nestjs/common';

import { walletAccount } from '../ledger/accounts';
import { PeerServices } from '../peers/peer-services';
import { PrismaService } from '../prisma.service';

/** The caller's personal wallet: its ledger balance and where withdrawals would go. */
@Injectable()
export class WalletService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly peers: PeerServices,
  ) {}

  async get(caller: PaymentsCaller): Promise<Wallet> {
    const [account, verified] = await Promise.all([
      this.prisma.ledgerAccount.findUnique({
        where: { id: walletAccount(caller.userId) },
        select: { balancePence: true, updatedAt: true },
      }),
      this.peers.verification(caller.userId),
    ]);
    const balancePence = account ? penceFromBigInt(account.balancePence) : 0;
    return {
      balancePence,
      withdrawablePence: Math.max(0, Math.min(balancePence, MAX_WITHDRAWAL_PENCE)),
      payoutAccount: verified?.payoutAccountLabel ?? null,
      updatedAt: account?.updatedAt.toISOString() ?? null,
    };
  }
}
