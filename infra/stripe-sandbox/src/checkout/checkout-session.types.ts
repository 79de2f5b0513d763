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

/** Stripe's Checkout Session: every field Stripe sends (names and types from the SDK). */
export type CheckoutSession = Omit<Stripe.Checkout.Session, 'line_items'> & {
  line_items?: ApiList<LineItem>;
};

/** The payment method types a session may offer in the sandbox. */
export const SESSION_PAYMENT_METHOD_TYPES = ['card', 'bacs_debit'] as const;
export type SessionPaymentMethodType = (typeof SESSION_PAYMENT_METHOD_TYPES)[number];
