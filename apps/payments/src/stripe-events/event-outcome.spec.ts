import type Stripe from 'stripe';

import { checkoutOutcome, payoutOutcome, StripeNotSettledError } from './event-outcome';

const session = (payment_status: Stripe.Checkout.Session['payment_status']) =>
  ({ id: 'cs_test_1', payment_status }) as Stripe.Checkout.Session;
const payout = (status: string, failure_message: string | null = null) =>
  ({ id: 'po_1', status, failure_message }) as Stripe.Payout;

describe('checkoutOutcome', () => {
  it.each([
    'checkout.session.completed',
    'checkout.session.async_payment_succeeded',
    'checkout.session.async_payment_failed',
    'checkout.session.expired',
  ] as const)('credits a session Stripe shows as paid, whichever event (%s) brought us', (type) => {
    expect(checkoutOutcome(type, session('paid'))).toEqual({ kind: 'credit' });
  });

  it('waits for the bank when a completed session is still unpaid', () => {
    expect(checkoutOutcome('checkout.session.completed', session('unpaid'))).toEqual({ kind: 'processing' });
  });

  it('fails or expires an unpaid session', () => {
    expect(checkoutOutcome('checkout.session.async_payment_failed', session('unpaid'))).toEqual({
      kind: 'failed',
      reason: 'The bank payment failed.',
    });
    expect(checkoutOutcome('checkout.session.expired', session('unpaid'))).toEqual({
      kind: 'expired',
      reason: null,
    });
  });

  it('gives Stripe’s reason when the expanded payment intent carries the last error', () => {
    const withError = (message: string | undefined, intent: 'expanded' | 'id' = 'expanded') =>
      ({
        ...session('unpaid'),
        payment_intent:
          intent === 'id'
            ? 'pi_1'
            : ({ id: 'pi_1', last_payment_error: { message } } as Stripe.PaymentIntent),
      }) as Stripe.Checkout.Session;
    expect(
      checkoutOutcome('checkout.session.async_payment_failed', withError('Debit not authorised.')),
    ).toEqual({ kind: 'failed', reason: 'Debit not authorised.' });
    expect(checkoutOutcome('checkout.session.expired', withError('Your card was declined.'))).toEqual({
      kind: 'expired',
      reason: 'Your card was declined.',
    });
    // A blank message or an unexpanded intent says nothing: the fixed text (or none) stands.
    expect(checkoutOutcome('checkout.session.async_payment_failed', withError('  '))).toMatchObject({
      reason: 'The bank payment failed.',
    });
    expect(checkoutOutcome('checkout.session.expired', withError('x', 'id'))).toEqual({
      kind: 'expired',
      reason: null,
    });
  });

  it('retries a success event whose session Stripe does not show as paid yet', () => {
    expect(() => checkoutOutcome('checkout.session.async_payment_succeeded', session('unpaid'))).toThrow(
      StripeNotSettledError,
    );
  });
});

describe('payoutOutcome', () => {
  it('follows the payout’s current status, not the event that announced it', () => {
    expect(payoutOutcome(payout('paid'))).toEqual({ kind: 'paid' });
    expect(payoutOutcome(payout('failed', 'Account closed'))).toEqual({
      kind: 'failed',
      reason: 'Account closed',
    });
    expect(payoutOutcome(payout('canceled'))).toMatchObject({ kind: 'failed' });
  });

  it('retries while the payout is still on its way', () => {
    expect(() => payoutOutcome(payout('pending'))).toThrow(StripeNotSettledError);
    expect(() => payoutOutcome(payout('in_transit'))).toThrow(StripeNotSettledError);
  });
});
