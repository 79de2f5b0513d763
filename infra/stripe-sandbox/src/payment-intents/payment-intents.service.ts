import Stripe from 'stripe';

import { Clock, unixSeconds } from '../core/clock';
import { ID_PREFIX, newId, randomToken } from '../core/ids';
import { BacsSummary } from '../pay-page/test-bank-accounts';
import { CardDecline, CardSummary } from '../pay-page/test-cards';
import { Collection } from '../store/collection';
import { SandboxStore } from '../store/store';

export type WalletType = 'apple_pay' | 'google_pay';

/** Stripe's PaymentMethod: every field Stripe sends for a card or a Bacs debit (names and types from the SDK). */
export type PaymentMethod = Stripe.PaymentMethod;

type PaymentError = Pick<
  Stripe.PaymentIntent.LastPaymentError,
  'code' | 'decline_code' | 'message' | 'payment_method_type' | 'type'
> & { payment_method: PaymentMethod };

/** Stripe's PaymentIntent: every field Stripe sends (names and types from the SDK). */
export type PaymentIntent = Omit<Stripe.PaymentIntent, 'last_payment_error'> & {
  last_payment_error: PaymentError | null;
};

export interface NewPaymentIntent {
  amount: number;
  currency: string;
  description: string | null;
  metadata: Record<string, string>;
  paymentMethodTypes: string[];
}

/**
 * PaymentIntents and PaymentMethods behind Checkout Sessions. Like Stripe since 2022-08-01, the intent is
 * created when the customer first tries to pay, not when the session is created.
 */
export class PaymentIntentsService {
  readonly intents: Collection<PaymentIntent>;
  readonly methods: Collection<PaymentMethod>;

  constructor(
    store: SandboxStore,
    private readonly clock: Clock,
  ) {
    this.intents = store.collection<PaymentIntent>('payment_intents', {
      objectName: 'payment_intent',
      idPrefix: ID_PREFIX.paymentIntent,
    });
    this.methods = store.collection<PaymentMethod>('payment_methods', {
      objectName: 'payment_method',
      idPrefix: ID_PREFIX.paymentMethod,
    });
  }

  create(input: NewPaymentIntent): PaymentIntent {
    const id = newId(ID_PREFIX.paymentIntent);
    return this.intents.insert({
      id,
      object: 'payment_intent',
      allowed_payment_method_types: null,
      amount: input.amount,
      amount_capturable: 0,
      amount_received: 0,
      application: null,
      application_fee_amount: null,
      automatic_payment_methods: null,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: 'automatic',
      client_secret: `${id}_secret_${randomToken(24)}`,
      confirmation_method: 'automatic',
      created: unixSeconds(this.clock),
      currency: input.currency,
      customer: null,
      customer_account: null,
      description: input.description,
      excluded_payment_method_types: null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      managed_payments: null,
      metadata: input.metadata,
      next_action: null,
      on_behalf_of: null,
      payment_method: null,
      payment_method_configuration_details: null,
      payment_method_options: input.paymentMethodTypes.includes('card')
        ? {
            card: {
              installments: null,
              mandate_options: null,
              network: null,
              request_three_d_secure: 'automatic',
            },
          }
        : {},
      payment_method_types: input.paymentMethodTypes,
      payment_record: null,
      processing: null,
      receipt_email: null,
      review: null,
      setup_future_usage: null,
      shipping: null,
      source: null,
      statement_descriptor: null,
      statement_descriptor_suffix: null,
      transfer_group: null,
      status: 'requires_payment_method',
    });
  }

  cardMethod(
    card: CardSummary,
    name: string,
    email: string | null,
    wallet: WalletType | null,
  ): PaymentMethod {
    return this.methods.insert({
      ...this.methodBase('card', name, email),
      card: {
        brand: card.brand,
        // The sandbox checks the CVC's form only, never against an issuer.
        checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'unchecked' },
        country: card.country,
        display_brand: card.brand,
        exp_month: card.expMonth,
        exp_year: card.expYear,
        funding: card.funding,
        generated_from: null,
        last4: card.last4,
        networks: { available: [card.brand], preferred: null },
        regulated_status: 'unregulated',
        three_d_secure_usage: { supported: true },
        wallet: wallet === null ? null : walletDetails(wallet),
      },
    });
  }

  bacsMethod(account: BacsSummary): PaymentMethod {
    const sortCode = account.sortCode.replace(/^(\d{2})(\d{2})(\d{2})$/, '$1-$2-$3');
    return this.methods.insert({
      ...this.methodBase('bacs_debit', account.accountHolderName, account.email),
      bacs_debit: { fingerprint: account.fingerprint, last4: account.last4, sort_code: sortCode },
    });
  }

  succeed(intentId: string, method: PaymentMethod): PaymentIntent {
    const intent = this.intents.require(intentId);
    return this.intents.replace({
      ...intent,
      amount_received: intent.amount,
      last_payment_error: null,
      latest_charge: newId(ID_PREFIX.charge),
      payment_method: method.id,
      status: 'succeeded',
    });
  }

  /** A delayed method (Bacs) accepted for collection: money arrives later, or not. */
  process(intentId: string, method: PaymentMethod): PaymentIntent {
    const intent = this.intents.require(intentId);
    return this.intents.replace({
      ...intent,
      last_payment_error: null,
      payment_method: method.id,
      status: 'processing',
    });
  }

  /** Declined card or failed debit: the intent waits for another payment method, as in Stripe. */
  fail(
    intentId: string,
    method: PaymentMethod,
    failure: CardDecline | { code: string; message: string },
  ): PaymentIntent {
    const intent = this.intents.require(intentId);
    return this.intents.replace({
      ...intent,
      last_payment_error: {
        code: failure.code as Stripe.PaymentIntent.LastPaymentError.Code,
        decline_code: 'declineCode' in failure ? failure.declineCode : undefined,
        message: failure.message,
        payment_method: method,
        payment_method_type: method.type,
        type: method.type === 'card' ? 'card_error' : 'invalid_request_error',
      },
      payment_method: null,
      status: 'requires_payment_method',
    });
  }

  private methodBase(type: 'card' | 'bacs_debit', name: string, email: string | null) {
    return {
      id: newId(ID_PREFIX.paymentMethod),
      object: 'payment_method' as const,
      billing_details: { address: null, email, name, phone: null, tax_id: null },
      created: unixSeconds(this.clock),
      customer: null,
      customer_account: null,
      livemode: false,
      metadata: {},
      type,
    };
  }
}

/** A wallet payment's card: Stripe names the wallet and has no device number to show. */
function walletDetails(type: WalletType): Stripe.PaymentMethod.Card.Wallet {
  return type === 'apple_pay'
    ? { type, apple_pay: {}, dynamic_last4: null }
    : { type, google_pay: {}, dynamic_last4: null };
}
