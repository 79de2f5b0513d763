import type Stripe from 'stripe';

/** What a checkout event means for its funding row, decided from the session as Stripe holds it now. */
export type CheckoutOutcome =
  { kind: 'credit' } | { kind: 'processing' } | { kind: 'failed'; reason: string } | { kind: 'expired' };

export type PayoutOutcome = { kind: 'paid' } | { kind: 'failed'; reason: string };

type CheckoutEventType =
  | 'checkout.session.completed'
  | 'checkout.session.async_payment_succeeded'
  | 'checkout.session.async_payment_failed'
  | 'checkout.session.expired';

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
      return { kind: 'failed', reason: 'The bank payment failed.' };
    case 'checkout.session.expired':
      return { kind: 'expired' };
  }
}

/** Decided by the payout's current status, so a late `payout.paid` never undoes a failure seen since. */
export function payoutOutcome(payout: Stripe.Payout): PayoutOutcome {
  if (payout.status === 'paid') return { kind: 'paid' };
  if (payout.status === 'failed' || payout.status === 'canceled')
    return { kind: 'failed', reason: payout.failure_message ?? 'The bank could not receive the payout.' };
  throw new StripeNotSettledError(`payout ${payout.id} as paid or failed`);
}
