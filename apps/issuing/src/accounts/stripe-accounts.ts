import { ProblemError, STRIPE_CLIENT } from '@kitty/nest-common';
import { Inject, Injectable, Logger } from '@nestjs/common';
import Stripe from 'stripe';

import { ISSUING_CONFIG, type IssuingConfig } from '../config';
import { formFieldOf } from './account-state';

/** The spec's fallback titles for the two provider calls (error catalogue). */
const FAILURE_TITLE = {
  create: 'Failed to create Stripe account',
  update: 'Failed to update KYC information',
  bank: 'Failed to add your bank account',
} as const;

/** The user's UK bank details, already checked (shape and modulus). */
export interface UkBankDetails {
  sortCode: string;
  accountNumber: string;
  accountHolderName: string;
}

/** Connect accounts of individuals: created with the card-issuing and transfers capabilities. */
@Injectable()
export class StripeAccounts {
  private readonly logger = new Logger(StripeAccounts.name);

  constructor(
    @Inject(STRIPE_CLIENT) private readonly stripe: Stripe,
    @Inject(ISSUING_CONFIG) private readonly config: Pick<IssuingConfig, 'PAYOUT_BANK_ACCOUNT_TOKEN'>,
  ) {}

  /**
   * `idempotencyKey` makes concurrent or retried creations for the same purpose return one account, so
   * no orphan accounts are left at the provider.
   */
  create(
    user: { userId: string; email: string },
    idempotencyKey: string,
    individual?: Stripe.AccountCreateParams.Individual,
    bank?: UkBankDetails,
    terms?: Stripe.AccountUpdateParams.TosAcceptance,
  ): Promise<Stripe.Account> {
    return this.call('create', () =>
      this.stripe.accounts.create(
        {
          type: 'custom',
          country: 'GB',
          business_type: 'individual',
          default_currency: 'gbp',
          email: user.email,
          capabilities: { card_issuing: { requested: true }, transfers: { requested: true } },
          external_account: bank ? bankAccountParams(bank) : this.config.PAYOUT_BANK_ACCOUNT_TOKEN,
          metadata: { userId: user.userId },
          ...(individual && { individual }),
          ...(terms && termsParams(terms)),
        },
        { idempotencyKey },
      ),
    );
  }

  /** Read to carry the details over to a new account, hence a creation failure when it fails. */
  retrieve(accountId: string): Promise<Stripe.Account> {
    return this.call('create', () => this.stripe.accounts.retrieve(accountId));
  }

  /** The individual's details, with their acceptance of both of Stripe's terms, which Stripe requires. */
  updateIndividual(
    accountId: string,
    individual: Stripe.AccountUpdateParams.Individual,
    terms: Stripe.AccountUpdateParams.TosAcceptance,
  ): Promise<Stripe.Account> {
    return this.call('update', () =>
      this.stripe.accounts.update(accountId, { individual, ...termsParams(terms) }),
    );
  }

  /**
   * Adds the bank account to the connected account as the default for GBP: payouts on the account go
   * there from now on. The key makes a retried request return the same bank account.
   */
  async addBankAccount(
    accountId: string,
    bank: UkBankDetails,
    idempotencyKey: string,
  ): Promise<Stripe.BankAccount> {
    const external = await this.call('bank', () =>
      this.stripe.accounts.createExternalAccount(
        accountId,
        {
          external_account: bankAccountParams(bank),
          default_for_currency: true,
        },
        { idempotencyKey },
      ),
    );
    if (external.object !== 'bank_account') throw new Error(`Stripe answered a ${external.object}`);
    return external;
  }

  /** The account's other bank accounts, which no longer receive anything, are removed (best effort). */
  async removeOtherBankAccounts(accountId: string, keep: string): Promise<void> {
    try {
      const list = await this.stripe.accounts.listExternalAccounts(accountId, {
        object: 'bank_account',
        limit: 100,
      });
      for (const external of list.data) {
        if (external.id !== keep) await this.stripe.accounts.deleteExternalAccount(accountId, external.id);
      }
    } catch (error) {
      this.logger.warn(
        `Could not remove old bank accounts of ${accountId}: ${error instanceof Error ? error.message : error}`,
      );
    }
  }

  private call<T>(action: keyof typeof FAILURE_TITLE, request: () => Promise<T>): Promise<T> {
    return callStripe(FAILURE_TITLE[action], this.logger, request);
  }
}

/**
 * One acceptance, recorded twice as Stripe asks: its services agreement (`tos_acceptance`) and the Stripe
 * Issuing terms (`settings.card_issuing.tos_acceptance`), which the onboarding form presents together.
 */
function termsParams(terms: Stripe.AccountUpdateParams.TosAcceptance) {
  return {
    tos_acceptance: terms,
    settings: { card_issuing: { tos_acceptance: terms } },
  } satisfies Pick<Stripe.AccountUpdateParams, 'tos_acceptance' | 'settings'>;
}

function bankAccountParams(bank: UkBankDetails) {
  return {
    object: 'bank_account' as const,
    country: 'GB',
    currency: 'gbp',
    routing_number: bank.sortCode,
    account_number: bank.accountNumber,
    account_holder_name: bank.accountHolderName,
    account_holder_type: 'individual' as const,
  };
}

/**
 * Runs one provider call: refusals become 422s titled `failureTitle` (naming the form field when the
 * provider names a parameter), outages a 503 the user can retry.
 */
export async function callStripe<T>(
  failureTitle: string,
  logger: Logger,
  request: () => Promise<T>,
): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError) {
      const field = error.param ? formFieldOf(error.param) : null;
      throw ProblemError.of(
        422,
        failureTitle,
        error.message,
        field ? [{ field, message: error.message }] : undefined,
      );
    }
    logger.error(
      `Stripe call failed (${failureTitle}): ${error instanceof Error ? error.message : String(error)}`,
    );
    throw ProblemError.of(
      503,
      'Service unavailable',
      'The payment provider is unavailable. Please try again in a moment.',
    );
  }
}
