import { createHash } from 'node:crypto';

import {
  BANK_DETAILS_MISMATCH,
  type BankAccountDetails,
  type BankAccountStatus,
  type IssuingCaller,
} from '@kitty/contracts';
import { ProblemError } from '@kitty/nest-common';
import { Inject, Injectable } from '@nestjs/common';
import { validateAccountDetails } from 'uk-modulus-check';

import { ISSUING_CONFIG, type IssuingConfig } from '../config';
import { OnboardingService } from './onboarding.service';
import {
  type OwnBankAccount,
  PaymentAccountRepository,
  type PaymentAccountRow,
} from './payment-account.repository';
import { StripeAccounts } from './stripe-accounts';

/**
 * The user's own UK bank account: checked with VocaLink's modulus rules, attached to their
 * connected account as its default external account, so withdrawals are paid there. Only the sort code,
 * the last four digits, the bank's name and the provider's fingerprint are kept; the account number goes
 * to the provider and nowhere else (not in our database, not in a log line). The gateway has checked the
 * re-entered password first; a change tells the owner (e-mail and in-app) and withdrawals to a bank account
 * that replaced another wait for the configured cooling-off period.
 */
@Injectable()
export class BankAccountService {
  constructor(
    private readonly accounts: PaymentAccountRepository,
    private readonly onboarding: OnboardingService,
    private readonly stripe: StripeAccounts,
    @Inject(ISSUING_CONFIG) private readonly config: Pick<IssuingConfig, 'BANK_ACCOUNT_COOLING_OFF_HOURS'>,
  ) {}

  async current(caller: IssuingCaller): Promise<BankAccountStatus> {
    return toStatus(await this.accounts.findByUserId(caller.userId));
  }

  async set(caller: IssuingCaller, body: BankAccountDetails): Promise<BankAccountStatus> {
    if (!validateAccountDetails(body.sortCode, body.accountNumber)) {
      throw ProblemError.of(400, 'Invalid bank details', BANK_DETAILS_MISMATCH, [
        { field: 'accountNumber', message: BANK_DETAILS_MISMATCH },
      ]);
    }
    const row = await this.onboarding.paymentAccountOf(caller);
    // The same details sent again (a retry after a lost answer) give the same bank account at Stripe.
    const digest = createHash('sha256')
      .update(`${body.sortCode}:${body.accountNumber}:${body.accountHolderName}`)
      .digest('hex')
      .slice(0, 32);
    const bank = await this.stripe.addBankAccount(
      row.stripeAccountId,
      body,
      `issuing.bank-account:${caller.userId}:${row.stripeAccountId}:${row.bankAccountId ?? 'none'}:${digest}`,
    );
    const own: OwnBankAccount = {
      bankAccountId: bank.id,
      bankSortCode: body.sortCode,
      bankLast4: bank.last4,
      bankName: bank.bank_name,
      bankFingerprint: bank.fingerprint ?? null,
      bankAccountHolder: body.accountHolderName,
    };
    const saved = await this.accounts.recordBankAccount(
      caller,
      row.stripeAccountId,
      own,
      this.config.BANK_ACCOUNT_COOLING_OFF_HOURS * HOUR_MS,
    );
    if (!saved) {
      throw ProblemError.of(
        409,
        'Payment account changed',
        'Your payment account changed meanwhile: try again.',
      );
    }
    await this.stripe.removeOtherBankAccounts(row.stripeAccountId, bank.id);
    return this.current(caller);
  }
}

const HOUR_MS = 60 * 60 * 1000;

function toStatus(row: PaymentAccountRow | null, now = new Date()): BankAccountStatus {
  if (!row?.bankAccountId || !row.bankSortCode || !row.bankLast4 || !row.bankAddedAt)
    return { bankAccount: null };
  const sortCode = row.bankSortCode;
  return {
    bankAccount: {
      sortCode: `${sortCode.slice(0, 2)}-${sortCode.slice(2, 4)}-${sortCode.slice(4)}`,
      last4: row.bankLast4,
      bankName: row.bankName,
      accountHolderName: row.bankAccountHolder ?? '',
      addedAt: row.bankAddedAt.toISOString(),
      payoutsAvailableFrom:
        row.bankPayoutsFrom && row.bankPayoutsFrom > now ? row.bankPayoutsFrom.toISOString() : null,
    },
  };
}
