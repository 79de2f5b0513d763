import {
  NotificationsJobs,
  payoutsAvailableNotice,
  ResidencyJobs,
  type TermsAcceptance,
} from '@kitty/contracts';
import { outboxMessage, OutboxRelay } from '@kitty/nest-common';
import { Injectable } from '@nestjs/common';

import type { PaymentAccount } from '../generated/prisma/client';
import { PrismaService, type Tx } from '../prisma.service';
import type { AccountState } from './account-state';
import {
  announceChange,
  PAYMENT_ACCOUNTS,
  paymentAccountFacts,
} from './payment-account-announcement.repository';

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
  constructor(
    private readonly prisma: PrismaService,
    private readonly relay: OutboxRelay,
  ) {}

  findByUserId(userId: string): Promise<PaymentAccountRow | null> {
    return this.prisma.paymentAccount.findUnique({ where: { userId } });
  }

  findByStripeAccountId(stripeAccountId: string): Promise<PaymentAccountRow | null> {
    return this.prisma.paymentAccount.findUnique({ where: { stripeAccountId } });
  }

  /**
   * Inserts the user's account unless they already have one (ON CONFLICT DO NOTHING), announced to payments
   * in the same transaction, then reads it.
   */
  async insertIfAbsent(
    userId: string,
    stripeAccountId: string,
    state: AccountState,
  ): Promise<PaymentAccountRow> {
    await this.inTransaction(async (tx) => {
      const { count } = await tx.paymentAccount.createMany({
        data: [{ userId, stripeAccountId, ...state }],
        skipDuplicates: true,
      });
      if (count === 1) await announceChange(tx, userId, null);
    });
    return this.prisma.paymentAccount.findUniqueOrThrow({ where: { userId } });
  }

  /**
   * The owner deleted their Kitty account: the payment account is closed here (the provider keeps it) and
   * payments is told in the same transaction. Closing it again changes nothing.
   */
  close(userId: string): Promise<void> {
    return this.inTransaction(async (tx) => {
      const before = await paymentAccountFacts(tx, userId);
      if (!before || before.closed) return;
      await tx.paymentAccount.update({ where: { userId }, data: { closedAt: new Date() } });
      await announceChange(tx, userId, before);
    });
  }

  /**
   * Records the provider's latest state, and the terms acceptance the provider was just sent, if any;
   * false when the user's account has been replaced meanwhile.
   */
  recordState(
    userId: string,
    stripeAccountId: string,
    state: AccountState,
    acceptance?: TermsAcceptance,
  ): Promise<boolean> {
    return this.write(userId, stripeAccountId, {
      ...state,
      ...(acceptance && {
        termsAcceptedAt: new Date(acceptance.acceptedAt),
        termsAcceptedIp: acceptance.ip,
        termsAcceptedUserAgent: acceptance.userAgent,
      }),
    });
  }

  /**
   * Records the user's own bank account, attached to `stripeAccountId` (false when the user's account
   * was replaced meanwhile: the bank account belongs to the old one). Under the row's lock, so two changes
   * at once cannot both count as a first bank account: one replacing another makes withdrawals to it wait
   * `coolingOffMs`. The owner's security e-mail and in-app notice, and payments' news of the new destination
   * with its wait, are written in the same transaction, so they exist exactly when the change does (the same
   * account sent again changes nothing and tells nobody).
   */
  async recordBankAccount(
    owner: BankAccountOwner,
    stripeAccountId: string,
    bank: OwnBankAccount,
    coolingOffMs: number,
    now = new Date(),
  ): Promise<boolean> {
    return this.inTransaction(async (tx) => {
      const [before] = await tx.$queryRawUnsafe<PreviousBankAccount[]>(
        `SELECT bank_account_id, bank_fingerprint, bank_payouts_from FROM ${PAYMENT_ACCOUNTS}
          WHERE user_id = $1::uuid AND stripe_account_id = $2 FOR UPDATE`,
        owner.userId,
        stripeAccountId,
      );
      if (!before) return false;
      const announced = await paymentAccountFacts(tx, owner.userId);
      const change = bankAccountChange(before, bank, coolingOffMs, now);
      const label = `${bank.bankName ?? 'Bank account'} •••• ${bank.bankLast4}`;
      await tx.paymentAccount.update({
        where: { userId: owner.userId },
        data: {
          ...bank,
          bankAddedAt: now,
          bankPayoutsFrom: change.payoutsFrom,
          payoutBankAccountId: bank.bankAccountId,
          payoutBankLabel: label,
        },
      });
      await announceChange(tx, owner.userId, announced);
      if (change.kind !== 'same')
        await tellOwner(tx, owner, bank, {
          label,
          replaced: change.kind === 'replaced',
          payoutsFrom: change.payoutsFrom,
        });
      return true;
    });
  }

  /**
   * Points the user at a new provider account, only if `previousAccountId` is still theirs. With
   * `bankAccountCarried` the new account was created with the same bank account: it stays the user's, with
   * its date and any cooling-off unchanged, now as the new account's payout destination; otherwise the
   * bank account belonged to the previous provider account and is gone.
   */
  replace(
    userId: string,
    previousAccountId: string,
    stripeAccountId: string,
    state: AccountState,
    bankAccountCarried: boolean,
  ): Promise<boolean> {
    return this.write(userId, previousAccountId, {
      stripeAccountId,
      ...state,
      ...(bankAccountCarried ? { bankAccountId: state.payoutBankAccountId } : NO_BANK_ACCOUNT),
    });
  }

  /**
   * Updates the row if it still holds `expectedAccountId`. When the write completes KYC or changes the
   * accepted address's country, residency is told in the same transaction (outbox), so it is told once; when
   * it changes what payments knows of the account (verified, the provider account, the bank account),
   * payments is told in the same way.
   */
  private write(
    userId: string,
    expectedAccountId: string,
    data: AccountState & {
      stripeAccountId?: string;
      bankAccountId?: string | null;
      termsAcceptedAt?: Date;
      termsAcceptedIp?: string;
      termsAcceptedUserAgent?: string | null;
    } & Partial<Omit<typeof NO_BANK_ACCOUNT, 'bankAccountId'>>,
  ): Promise<boolean> {
    return this.inTransaction(async (tx) => {
      const [before] = await tx.$queryRawUnsafe<{ kyc_country: string | null }[]>(
        `SELECT kyc_country FROM ${PAYMENT_ACCOUNTS}
          WHERE user_id = $1::uuid AND stripe_account_id = $2 FOR UPDATE`,
        userId,
        expectedAccountId,
      );
      if (!before) return false;
      const announced = await paymentAccountFacts(tx, userId);
      // What KYC last accepted stays until it accepts something else: a new account the provider is
      // still verifying (a recreation) is the same person at the same address.
      const { kycCountry, phoneDigest, ...rest } = data;
      await tx.paymentAccount.update({
        where: { userId },
        data: kycCountry === null ? rest : { ...rest, kycCountry, phoneDigest },
      });
      await announceChange(tx, userId, announced);
      if (data.kycCountry !== null && data.kycCountry !== before.kyc_country)
        await announceKycAddress(tx, userId, data.kycCountry);
      return true;
    });
  }

  /**
   * A write and what it tells others (outbox), committed together; the relay is woken right after, so
   * payments' projection trails the change by milliseconds rather than a poll.
   */
  private async inTransaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const result = await this.prisma.$transaction(work);
    this.relay.kick();
    return result;
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
  bankPayoutsFrom: null,
};

/** Who the bank account belongs to, as the security notice addresses them. */
export interface BankAccountOwner {
  userId: string;
  email: string;
  name: string;
}

interface PreviousBankAccount {
  bank_account_id: string | null;
  bank_fingerprint: string | null;
  bank_payouts_from: Date | null;
}

/**
 * What setting `bank` does to the payout destination: the same account again (the provider's fingerprint,
 * e.g. a retried request) changes nothing and keeps any wait it had; a first one pays out at once; one
 * that replaces another waits the cooling-off period.
 */
export function bankAccountChange(
  before: PreviousBankAccount,
  bank: OwnBankAccount,
  coolingOffMs: number,
  now: Date,
): { kind: 'same' | 'first' | 'replaced'; payoutsFrom: Date | null } {
  if (before.bank_account_id === null) return { kind: 'first', payoutsFrom: null };
  if (bank.bankFingerprint !== null && bank.bankFingerprint === before.bank_fingerprint)
    return { kind: 'same', payoutsFrom: before.bank_payouts_from };
  return {
    kind: 'replaced',
    payoutsFrom: coolingOffMs > 0 ? new Date(now.getTime() + coolingOffMs) : null,
  };
}

/** The security e-mail (to the account's address) and the in-app notice of a set or changed bank account. */
async function tellOwner(
  tx: Tx,
  owner: BankAccountOwner,
  bank: OwnBankAccount,
  change: { label: string; replaced: boolean; payoutsFrom: Date | null },
) {
  const availableFrom = change.payoutsFrom?.toISOString() ?? null;
  const title = change.replaced
    ? `Your bank account for withdrawals was changed to •••• ${bank.bankLast4}`
    : `Bank account •••• ${bank.bankLast4} added for withdrawals`;
  const wait = availableFrom ? ` ${payoutsAvailableNotice(`•••• ${bank.bankLast4}`, availableFrom)}` : '';
  await tx.outboxMessage.create({
    data: outboxMessage(NotificationsJobs.sendEmail, {
      template: 'bank-account-changed',
      to: owner.email,
      data: {
        fullName: owner.name,
        accountLabel: change.label,
        replaced: change.replaced,
        payoutsAvailableFrom: availableFrom,
      },
    }),
  });
  await tx.outboxMessage.create({
    data: outboxMessage(NotificationsJobs.notify, {
      key: `bank_account_changed:${bank.bankAccountId}`,
      userId: owner.userId,
      kind: 'bank_account_changed',
      title,
      body: `Not you? Reset your password and contact us now.${wait}`,
      link: '/account#bank-account',
    }),
  });
}

function announceKycAddress(tx: Tx, userId: string, countryCode: string) {
  return tx.outboxMessage.create({
    data: outboxMessage(ResidencyJobs.recordKycAddress, {
      userId,
      countryCode,
      verifiedAt: new Date().toISOString(),
    }),
  });
}
