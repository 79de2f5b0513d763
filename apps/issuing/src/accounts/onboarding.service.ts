import { createHash } from 'node:crypto';

import {
  type IssuingCaller,
  type KycRequest,
  type OnboardingStatus,
  type PaymentAccount,
  type RecreatePaymentAccountRequest,
  type TermsAcceptance,
  type VirtualCard,
} from '@kitty/contracts';
import { LivePublisher, ProblemError } from '@kitty/nest-common';
import { Injectable, Logger } from '@nestjs/common';
import type Stripe from 'stripe';
import { validateAccountDetails } from 'uk-modulus-check';

import { VirtualCardRepository, type VirtualCardRow } from '../cards/virtual-card.repository';
import {
  accountState,
  cardNotReadyReason,
  individualFrom,
  individualOf,
  kycFailureMessage,
  tosAcceptanceOf,
} from './account-state';
import { PaymentAccountRepository, type PaymentAccountRow } from './payment-account.repository';
import { StripeAccounts, type UkBankDetails } from './stripe-accounts';

const noAccount = () =>
  ProblemError.of(404, 'Payment account not found', 'Set up your payment account first.');

/**
 * A user's payment account: created once (idempotently) at the provider, completed by the KYC form,
 * replaceable by a new one requesting card issuing. Only ever looked up by the caller's own user id, so
 * nobody can reach another user's account.
 */
@Injectable()
export class OnboardingService {
  private readonly logger = new Logger(OnboardingService.name);

  constructor(
    private readonly accounts: PaymentAccountRepository,
    private readonly cards: VirtualCardRepository,
    private readonly stripe: StripeAccounts,
    private readonly live: LivePublisher,
  ) {}

  async status(caller: IssuingCaller): Promise<OnboardingStatus> {
    const [account, card] = await Promise.all([
      this.accounts.findByUserId(caller.userId),
      this.cards.findByUserId(caller.userId),
    ]);
    return toStatus(account, card);
  }

  /**
   * The status for the onboarding page. While KYC is not complete or card issuing is still pending the
   * provider is asked again, in case its `account.updated` has not arrived yet; if it cannot be reached,
   * the recorded state is shown.
   */
  async currentStatus(caller: IssuingCaller): Promise<OnboardingStatus> {
    const row = await this.accounts.findByUserId(caller.userId);
    if (row && (row.kycStatus !== 'complete' || row.cardIssuingCapability === 'pending')) {
      try {
        const account = await this.stripe.retrieve(row.stripeAccountId);
        await this.accounts.recordState(caller.userId, row.stripeAccountId, accountState(account));
      } catch (error) {
        this.logger.warn(
          `Could not refresh ${row.stripeAccountId}: ${error instanceof Error ? error.message : error}`,
        );
      }
    }
    return this.status(caller);
  }

  async createAccount(caller: IssuingCaller): Promise<OnboardingStatus> {
    await this.ensureAccount(caller);
    return this.status(caller);
  }

  /**
   * Sends the form to the provider as the individual's details, with the user's acceptance of its terms,
   * and records what it answers. Details still missing or refused afterwards are a 422 saying why (the SPA
   * shows it in the 'Error' toast); details the provider is still checking are not: the card waits for its
   * `account.updated`.
   */
  async updateKyc(
    caller: IssuingCaller,
    kyc: KycRequest,
    acceptance: TermsAcceptance,
  ): Promise<OnboardingStatus> {
    const row = await this.ensureAccount(caller);
    const account = await this.stripe.updateIndividual(
      row.stripeAccountId,
      individualOf(kyc),
      tosAcceptanceOf(acceptance),
    );
    const state = accountState(account);
    await this.accounts.recordState(caller.userId, row.stripeAccountId, state, acceptance);
    if (state.kycStatus === 'pending' || state.kycStatus === 'failed') {
      throw ProblemError.of(422, 'Failed to update KYC information', kycFailureMessage(state, account));
    }
    return this.status(caller);
  }

  /**
   * Stripe's `account.updated`: the account is read back (the event says which, not what to believe), its
   * state recorded, and the owner's open tabs told, so the card step follows what Stripe says when it says
   * it. An account that is not (or no longer) a user's is ignored.
   */
  async accountUpdated(stripeAccountId: string): Promise<void> {
    const row = await this.accounts.findByStripeAccountId(stripeAccountId);
    if (!row) {
      this.logger.log(`account.updated for ${stripeAccountId}, which is no user's payment account`);
      return;
    }
    const account = await this.stripe.retrieve(stripeAccountId);
    if (await this.accounts.recordState(row.userId, stripeAccountId, accountState(account)))
      await this.live.publish([row.userId], ['onboarding']);
  }

  /**
   * 'Create New Account with Card Issuing' (decisions §16): a new provider account requesting card
   * issuing, carrying the verified details over, becomes the user's account. Concurrent clicks share one
   * idempotency key, so they create one account and the conditional replace lets one of them win.
   *
   * A bank account moves over too: only its last four digits are kept here, so the user types the account
   * number once more and the new account is created with it. It is kept (no cooling-off, no 'changed'
   * notice) only when the provider fingerprints it as the same bank account; otherwise nothing changes.
   */
  async recreateAccount(
    caller: IssuingCaller,
    body: RecreatePaymentAccountRequest = {},
  ): Promise<OnboardingStatus> {
    const row = await this.accounts.findByUserId(caller.userId);
    if (!row) throw noAccount();
    if (await this.cards.findByUserId(caller.userId)) {
      throw ProblemError.of(409, 'Card already issued', 'Your account already has a virtual card.');
    }
    const bank = bankAccountToCarry(row, body.accountNumber);
    const previous = await this.stripe.retrieve(row.stripeAccountId);
    const account = await this.stripe.create(
      caller,
      `issuing.account.recreate:${caller.userId}:${row.stripeAccountId}${bank ? `:${digestOf(bank)}` : ''}`,
      individualFrom(previous),
      bank ?? undefined,
      recordedAcceptance(row),
    );
    const state = accountState(account);
    if (bank) {
      const carried = account.external_accounts?.data.find(
        (external): external is Stripe.BankAccount => external.object === 'bank_account',
      );
      if (!carried || (row.bankFingerprint !== null && carried.fingerprint !== row.bankFingerprint)) {
        this.logger.warn(`Recreated ${account.id} for ${caller.userId} is not used: another bank account`);
        throw notThatBankAccount(row);
      }
    }
    await this.accounts.replace(caller.userId, row.stripeAccountId, account.id, state, bank !== null);
    return this.status(caller);
  }

  /**
   * The owner deleted their Kitty account: their payment account is closed, and payments told so. The
   * provider keeps the account and its identity checks, as money-laundering rules require.
   */
  closeForDeletedUser(userId: string): Promise<void> {
    return this.accounts.close(userId);
  }

  /** The caller's payment account, created (idempotently) if they have none yet. */
  paymentAccountOf(caller: IssuingCaller): Promise<PaymentAccountRow> {
    return this.ensureAccount(caller);
  }

  private async ensureAccount(caller: IssuingCaller): Promise<PaymentAccountRow> {
    const existing = await this.accounts.findByUserId(caller.userId);
    if (existing) return existing;
    const account = await this.stripe.create(caller, `issuing.account.create:${caller.userId}`);
    return this.accounts.insertIfAbsent(caller.userId, account.id, accountState(account));
  }
}

/**
 * The bank account to attach to the new provider account, or null when the user has none. Its number (8
 * digits: the command's schema saw to that) must end in the kept last four digits and pass the modulus
 * check with the kept sort code.
 */
function bankAccountToCarry(row: PaymentAccountRow, accountNumber?: string): UkBankDetails | null {
  if (!row.bankAccountId || !row.bankSortCode || !row.bankLast4) return null;
  if (accountNumber === undefined) {
    const message = `Enter the account number of •••• ${row.bankLast4} once more to keep it for withdrawals.`;
    throw ProblemError.of(400, 'Account number needed', message, [{ field: 'accountNumber', message }]);
  }
  if (!accountNumber.endsWith(row.bankLast4) || !validateAccountDetails(row.bankSortCode, accountNumber))
    throw notThatBankAccount(row);
  return {
    sortCode: row.bankSortCode,
    accountNumber,
    accountHolderName: row.bankAccountHolder ?? '',
  };
}

/** The terms the user accepted, carried to a new account of theirs; undefined if they never did. */
function recordedAcceptance(row: PaymentAccountRow) {
  if (!row.termsAcceptedAt || !row.termsAcceptedIp) return undefined;
  return tosAcceptanceOf({
    acceptedAt: row.termsAcceptedAt.toISOString(),
    ip: row.termsAcceptedIp,
    userAgent: row.termsAcceptedUserAgent,
  });
}

function notThatBankAccount(row: PaymentAccountRow): ProblemError {
  const message = `That is not the account number of •••• ${row.bankLast4}: check it with your bank.`;
  return ProblemError.of(400, 'Invalid bank details', message, [{ field: 'accountNumber', message }]);
}

/** Another number typed after a refusal is another request to the provider, not a replay of the first. */
function digestOf(bank: UkBankDetails): string {
  return createHash('sha256').update(`${bank.sortCode}:${bank.accountNumber}`).digest('hex').slice(0, 32);
}

/**
 * The onboarding step: the form until every detail is sent and accepted, then the card step (which says
 * why the card is not ready while the provider checks them) until a card exists.
 */
function toStatus(row: PaymentAccountRow | null, card: VirtualCardRow | null): OnboardingStatus {
  const account = row ? toPaymentAccount(row) : null;
  const sent = account?.kycStatus === 'complete' || account?.kycStatus === 'verifying';
  const step = card ? 'complete' : sent ? 'card' : 'form';
  return {
    step,
    account,
    card: card ? toVirtualCard(card) : null,
  };
}

export function toVirtualCard(card: VirtualCardRow): VirtualCard {
  return {
    brand: card.brand,
    last4: card.last4,
    expMonth: card.expMonth,
    expYear: card.expYear,
    status: card.status as VirtualCard['status'],
  };
}

function toPaymentAccount(row: PaymentAccountRow): PaymentAccount {
  return {
    id: row.stripeAccountId,
    status: row.status as PaymentAccount['status'],
    kycStatus: row.kycStatus as PaymentAccount['kycStatus'],
    requirements: row.requirements,
    pendingVerification: row.pendingVerification,
    cardNotReadyReason: cardNotReadyReason({
      kycStatus: row.kycStatus as PaymentAccount['kycStatus'],
      requirements: row.requirements,
      cardIssuingCapability: row.cardIssuingCapability,
    }),
    capabilities: {
      cardIssuing: row.cardIssuingCapability as PaymentAccount['capabilities']['cardIssuing'],
      transfers: row.transfersCapability as PaymentAccount['capabilities']['transfers'],
    },
    // The placeholder test account a new provider account starts with is not the user's: not shown.
    payoutAccountLabel: row.bankAccountId ? row.payoutBankLabel : null,
  };
}
