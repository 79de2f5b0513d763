import { STRIPE_CLIENT } from '@kitty/nest-common';
import { Inject, Injectable } from '@nestjs/common';
import Stripe from 'stripe';

export interface TopUpCheckoutParams {
  fundingId: string;
  amountPence: number;
  feePence: number;
  ratePercent: number;
  /** Stripe's payment method types offered on the page. */
  methodTypes: ('card' | 'bacs_debit')[];
  destinationName: string;
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
  /** When Stripe expires the page if nobody paid (then `checkout.session.expired` ends the top-up). */
  expiresAt: Date;
}

export interface PayoutParams {
  withdrawalId: string;
  amountPence: number;
  destination: string;
  /** The user's connected account the payout is made on (after a transfer to it); null: the platform's. */
  account: string | null;
}

export interface TransferParams {
  withdrawalId: string;
  amountPence: number;
  /** The user's connected account (acct_…). */
  account: string;
}

/** Stripe refused the request itself (bad parameters, closed account): retrying cannot help. */
export class StripeRejectedError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
  ) {
    super(message);
    this.name = 'StripeRejectedError';
  }
}

/**
 * What the payments service asks of Stripe, in Stripe's own object shapes. Every create carries an
 * idempotency key derived from our row id, so a retry after a lost answer never makes a second object.
 */
@Injectable()
export class StripeGateway {
  constructor(@Inject(STRIPE_CLIENT) private readonly stripe: Stripe) {}

  createTopUpSession(params: TopUpCheckoutParams): Promise<Stripe.Checkout.Session> {
    const metadata = { fundingId: params.fundingId };
    return this.rejections(() =>
      this.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          allowed_payment_method_types: params.methodTypes,
          line_items: [
            lineItem(params.amountPence, `Add funds to ${params.destinationName}`),
            lineItem(params.feePence, `Platform fee (${params.ratePercent}%)`),
          ],
          success_url: params.successUrl,
          cancel_url: params.cancelUrl,
          expires_at: Math.floor(params.expiresAt.getTime() / 1000),
          client_reference_id: params.fundingId,
          customer_email: params.customerEmail,
          metadata,
          payment_intent_data: { metadata },
        },
        { idempotencyKey: params.fundingId },
      ),
    );
  }

  /** Ends an unpaid Checkout page: nobody can pay on it any more (Stripe refuses a complete one). */
  expireSession(sessionId: string): Promise<Stripe.Checkout.Session> {
    return this.rejections(() => this.stripe.checkout.sessions.expire(sessionId));
  }

  /** With its payment intent expanded: a failed or expired session's reason is the intent's last error. */
  retrieveSession(sessionId: string, account: string | null): Promise<Stripe.Checkout.Session> {
    return this.stripe.checkout.sessions.retrieve(
      sessionId,
      { expand: ['payment_intent'] },
      requestOptions(account),
    );
  }

  retrieveEvent(eventId: string, account: string | null): Promise<Stripe.Event> {
    return this.stripe.events.retrieve(eventId, {}, requestOptions(account));
  }

  retrievePayout(payoutId: string, account: string | null): Promise<Stripe.Payout> {
    return this.stripe.payouts.retrieve(payoutId, {}, requestOptions(account));
  }

  /**
   * Connect's first step of a withdrawal: the amount moves from the platform's balance to the user's
   * connected account. Keyed by the withdrawal, so a retried job finds the same transfer.
   */
  transferToAccount(params: TransferParams): Promise<Stripe.Transfer> {
    return this.rejections(() =>
      this.stripe.transfers.create(
        {
          amount: params.amountPence,
          currency: 'gbp',
          destination: params.account,
          description: 'Kitty withdrawal',
          transfer_group: `withdrawal:${params.withdrawalId}`,
          metadata: { withdrawalId: params.withdrawalId },
        },
        { idempotencyKey: `withdrawal-transfer:${params.withdrawalId}` },
      ),
    );
  }

  /** Takes a withdrawal's transfer back to the platform when its payout was refused or failed. */
  reverseTransfer(transferId: string, withdrawalId: string): Promise<Stripe.TransferReversal> {
    return this.rejections(() =>
      this.stripe.transfers.createReversal(
        transferId,
        { metadata: { withdrawalId } },
        { idempotencyKey: `withdrawal-reversal:${withdrawalId}` },
      ),
    );
  }

  /** The payout to the bank account, made on the connected account when there is one. */
  createPayout(params: PayoutParams): Promise<Stripe.Payout> {
    return this.rejections(() =>
      this.stripe.payouts.create(
        {
          amount: params.amountPence,
          currency: 'gbp',
          destination: params.destination,
          description: 'Kitty withdrawal',
          metadata: { withdrawalId: params.withdrawalId },
        },
        { idempotencyKey: params.withdrawalId, ...requestOptions(params.account) },
      ),
    );
  }

  /** A 4xx answer (other than rate limiting and key reuse) is final; anything else may be retried. */
  private async rejections<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (
        error instanceof Stripe.errors.StripeInvalidRequestError ||
        error instanceof Stripe.errors.StripeCardError
      )
        throw new StripeRejectedError(error.message, error.code ?? null);
      throw error;
    }
  }
}

function lineItem(amountPence: number, name: string): Stripe.Checkout.SessionCreateParams.LineItem {
  return { quantity: 1, price_data: { currency: 'gbp', unit_amount: amountPence, product_data: { name } } };
}

function requestOptions(account: string | null): Stripe.RequestOptions {
  return account ? { stripeAccount: account } : {};
}
