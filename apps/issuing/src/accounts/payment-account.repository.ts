import { Injectable } from '@nestjs/common';

import type { PaymentAccount } from '../generated/prisma/client';
import { PrismaService } from '../prisma.service';
import type { AccountState } from './account-state';

export type PaymentAccountRow = PaymentAccount;

/** Every write is conditional on the provider account it was computed from, so a recreation never loses. */
@Injectable()
export class PaymentAccountRepository {
  constructor(private readonly prisma: PrismaService) {}

  findByUserId(userId: string): Promise<PaymentAccountRow | null> {
    return this.prisma.paymentAccount.findUnique({ where: { userId } });
  }

  /** Inserts the user's account unless they already have one (ON CONFLICT DO NOTHING), then reads it. */
  async insertIfAbsent(
    userId: string,
    stripeAccountId: string,
    state: AccountState,
  ): Promise<PaymentAccountRow> {
    await this.prisma.paymentAccount.createMany({
      data: [{ userId, stripeAccountId, ...state }],
      skipDuplicates: true,
    });
    return this.prisma.paymentAccount.findUniqueOrThrow({ where: { userId } });
  }

  /** Records the provider's latest state; false when the user's account has been replaced meanwhile. */
  async recordState(userId: string, stripeAccountId: string, state: AccountState): Promise<boolean> {
    const { count } = await this.prisma.paymentAccount.updateMany({
      where: { userId, stripeAccountId },
      data: state,
    });
    return count === 1;
  }

  /** Points the user at a new provider account, only if `previousAccountId` is still theirs. */
  async replace(
    userId: string,
    previousAccountId: string,
    stripeAccountId: string,
    state: AccountState,
  ): Promise<boolean> {
    const { count } = await this.prisma.paymentAccount.updateMany({
      where: { userId, stripeAccountId: previousAccountId },
      data: { stripeAccountId, ...state },
    });
    return count === 1;
  }
}
