import Stripe from 'stripe';

import { stripeSignatureHeader } from './signature';

const stripe = new Stripe('sk_test_signature');
const secret = 'whsec_sandbox';
const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'checkout.session.completed' }, null, 2);

describe('stripeSignatureHeader', () => {
  it('matches the header the SDK generates for the same payload, secret and timestamp', () => {
    const timestamp = 1_700_000_000;
    expect(stripeSignatureHeader(payload, secret, timestamp)).toBe(
      stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp }),
    );
  });

  it('is accepted by stripe.webhooks.constructEvent', () => {
    const header = stripeSignatureHeader(payload, secret, Math.floor(Date.now() / 1000));
    const event = stripe.webhooks.constructEvent(payload, header, secret);
    expect(event).toMatchObject({ id: 'evt_1', type: 'checkout.session.completed' });
  });

  it('is refused for another secret, a changed payload or a stale timestamp', () => {
    const now = Math.floor(Date.now() / 1000);
    const header = stripeSignatureHeader(payload, secret, now);
    expect(() => stripe.webhooks.constructEvent(payload, header, 'whsec_other')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    expect(() => stripe.webhooks.constructEvent(`${payload} `, header, secret)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    const stale = stripeSignatureHeader(payload, secret, now - 301);
    expect(() => stripe.webhooks.constructEvent(payload, stale, secret)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });
});
