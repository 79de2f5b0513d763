import Stripe from 'stripe';

import { isUnknownToStripe } from './stripe-event.processor';

describe('isUnknownToStripe', () => {
  it("recognises the SDK's 404 resource_missing error", () => {
    const error = Stripe.errors.StripeError.generate({
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: 'No such event',
    });
    Object.assign(error, { statusCode: 404 });
    expect(isUnknownToStripe(error)).toBe(true);
  });

  it.each([
    ['a connection failure', Object.assign(new Error('ECONNREFUSED'), { code: 'ECONNREFUSED' })],
    ['a 500', { statusCode: 500, code: 'api_error' }],
    ['another 404', { statusCode: 404, code: 'url_invalid' }],
    ['nothing', null],
  ])('retries %s', (_, error) => expect(isUnknownToStripe(error)).toBe(false));
});
