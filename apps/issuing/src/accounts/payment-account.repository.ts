import { ResidencyQueue } from '@kitty/contracts';
import { outboxMessage } from '@kitty/nest-common';
import { Injectable } from '@nestjs/common';

import type { PaymentAccount } from '../generated/prisma/client';
import { ISSUING_SCHEMA, PrismaService, type Tx } from '../prisma.service';
import type { AccountState } from './account-state';

export type PaymentAccountRow = PaymentAccount;

/** What is kept of the user's own bank account: never the full account number. */
export interface OwnBankAccount {
  bankAccountId: string;
  bankSortCode: string;
  bankLast4: string;
  bankName: string | null;
  bankFingerprint: string | null;
  bankAccountHolder: string;
}

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
  recordState(userId: string, stripeAccountId: string, state: AccountState): Promise<boolean> {
    return this.write(userId, stripeAccountId, { ...state });
  }

  /**
   * Records the user's own bank account, attached to `stripeAccountId` (false when the user's account
   * was replaced meanwhile: the bank account belongs to the old one).
   */
  async recordBankAccount(userId: string, stripeAccountId: string, bank: OwnBankAccount): Promise<boolean> {
    const updated = await this.prisma.paymentAccount.updateMany({
      where: { userId, stripeAccountId },
      data: {
        ...bank,
        bankAddedAt: new Date(),
        payoutBankAccountId: bank.bankAccountId,
        payoutBankLabel: `${bank.bankName ?? 'Bank account'} •••• ${bank.bankLast4}`,
      },
    });
    return updated.count === 1;
  }

  /** Points the user at a new provider account, only if `previousAccountId` is still theirs. */
  replace(
    userId: string,
    previousAccountId: string,
    stripeAccountId: string,
    state: AccountState,
  ): Promise<boolean> {
    // The bank account belonged to the previous provider account: the user adds it to the new one.
    return this.write(userId, previousAccountId, { stripeAccountId, ...state, ...NO_BANK_ACCOUNT });
  }

  /**
   * Updates the row if it still holds `expectedAccountId`. When the write completes KYC or changes the
   * accepted address's country, residency is told in the same transaction (outbox), so it is told once.
   */
  private write(
    userId: string,
    expectedAccountId: string,
    data: AccountState & { stripeAccountId?: string } & Partial<typeof NO_BANK_ACCOUNT>,
  ): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const [before] = await tx.$queryRawUnsafe<{ kyc_country: string | null }[]>(
        `SELECT kyc_country FROM "${ISSUING_SCHEMA}"."payment_accounts"
          WHERE user_id = $1::uuid AND stripe_account_id = $2 FOR UPDATE`,
        userId,
        expectedAccountId,
      );
      if (!before) return false;
      await tx.paymentAccount.update({ where: { userId }, data });
      if (data.kycCountry !== null && data.kycCountry !== before.kyc_country)
        await announceKycAddress(tx, userId, data.kycCountry);
      return true;
    });
  }
}

const NO_BANK_ACCOUNT = {
  bankAccountId: null,
  bankSortCode: null,
  bankLast4: null,
  bankName: null,
  bankFingerprint: null,
  bankAccountHolder: null,
  bankAddedAt: null,
};

function announceKycAddress(tx: Tx, userId: string, countryCode: string) {
  return tx.outboxMessage.create({
    data: outboxMessage(ResidencyQueue, 'residency.kyc-address.v1', {
      userId,
      countryCode,
      verifiedAt: new Date().toISOString(),
    }),
  });
}
