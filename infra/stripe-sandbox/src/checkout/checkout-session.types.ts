import Stripe from 'stripe';

import { ApiList } from '../core/list';

/** Inline price created from `price_data`, as Stripe shows it on a line item. */
export type Price = Pick<
  Stripe.Price,
  'id' | 'object' | 'active' | 'billing_scheme' | 'created' | 'currency' | 'livemode' | 'metadata' | 'type'
> & { product: string; unit_amount: number };

export type LineItem = Pick<
  Stripe.LineItem,
  | 'id'
  | 'object'
  | 'amount_discount'
  | 'amount_subtotal'
  | 'amount_tax'
  | 'amount_total'
  | 'currency'
  | 'description'
  | 'metadata'
  | 'quantity'
> & { price: Price };

/** The fields of Stripe's Checkout Session that the sandbox implements (names and types from the SDK). */
export type CheckoutSession = Pick<
  Stripe.Checkout.Session,
  | 'id'
  | 'object'
  | 'allowed_payment_method_types'
  | 'amount_subtotal'
  | 'amount_total'
  | 'cancel_url'
  | 'client_reference_id'
  | 'created'
  | 'currency'
  | 'customer'
  | 'customer_details'
  | 'customer_email'
  | 'expires_at'
  | 'invoice'
  | 'livemode'
  | 'locale'
  | 'metadata'
  | 'mode'
  | 'payment_intent'
  | 'payment_link'
  | 'payment_method_types'
  | 'payment_status'
  | 'recovered_from'
  | 'setup_intent'
  | 'status'
  | 'submit_type'
  | 'subscription'
  | 'success_url'
  | 'total_details'
  | 'ui_mode'
  | 'url'
> & { line_items?: ApiList<LineItem> };

/** The payment method types a session may offer in the sandbox. */
export const SESSION_PAYMENT_METHOD_TYPES = ['card', 'bacs_debit'] as const;
export type SessionPaymentMethodType = (typeof SESSION_PAYMENT_METHOD_TYPES)[number];
