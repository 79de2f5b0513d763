import type Stripe from 'stripe';

/** What a checkout event means for its funding row, decided from the session as Stripe holds it now. */
export type CheckoutOutcome =
  | { kind: 'credit' }
  | { kind: 'processing' }
  | { kind: 'failed'; reason: string }
  | { kind: 'expired'; reason: string | null };

export type PayoutOutcome = { kind: 'paid' } | { kind: 'failed'; reason: string };

const CHECKOUT_EVENT_TYPES = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
] as const;
type CheckoutEventType = (typeof CHECKOUT_EVENT_TYPES)[number];

/** The events about a Checkout Session that Kitty acts on. */
export const isCheckoutEventType = (type: string): type is CheckoutEventType =>
  (CHECKOUT_EVENT_TYPES as readonly string[]).includes(type);

/**
 * Stripe has not (yet) got the object into the state its event announces, e.g. a read served before the
 * write was visible: retried with backoff instead of recording a wrong outcome.
 */
export class StripeNotSettledError extends Error {
  constructor(what: string) {
    super(`Stripe does not show ${what} yet`);
    this.name = 'StripeNotSettledError';
  }
}

/**
 * A paid session is credited whichever event brought us here (so `async_payment_succeeded` before
 * `completed` credits once, and `completed` later finds it done); an unpaid completed session is waiting
 * for its bank debit.
 */
export function checkoutOutcome(type: CheckoutEventType, session: Stripe.Checkout.Session): CheckoutOutcome {
  if (session.payment_status === 'paid') return { kind: 'credit' };
  switch (type) {
    case 'checkout.session.completed':
      return { kind: 'processing' };
    case 'checkout.session.async_payment_succeeded':
      throw new StripeNotSettledError(`session ${session.id} as paid`);
    case 'checkout.session.async_payment_failed':
      return { kind: 'failed', reason: lastPaymentError(session) ?? 'The bank payment failed.' };
    case 'checkout.session.expired':
      // Declined attempts leave the page open until it expires: the last one says why nothing was paid.
      return { kind: 'expired', reason: lastPaymentError(session) };
  }
}

/** Stripe's own words for the last failed attempt, when the session was read with its intent expanded. */
function lastPaymentError(session: Stripe.Checkout.Session): string | null {
  const intent = session.payment_intent;
  if (!intent || typeof intent === 'string') return null;
  return intent.last_payment_error?.message?.trim() || null;
}

/** Decided by the payout's current status, so a late `payout.paid` never undoes a failure seen since. */
export function payoutOutcome(payout: Stripe.Payout): PayoutOutcome {
  if (payout.status === 'paid') return { kind: 'paid' };
  if (payout.status === 'failed' || payout.status === 'canceled')
    return { kind: 'failed', reason: payout.failure_message ?? 'The bank could not receive the payout.' };
  throw new StripeNotSettledError(`payout ${payout.id} as paid or failed`);
}
