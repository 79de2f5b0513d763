import { dirname, join } from 'node:path';

import Stripe from 'stripe';

import { bracketPath, canonicalParams, decodeStripeForm, indexedToArray } from './form-body';
import { StripeApiError } from './stripe-error';

/** The stripe SDK's own encoder: exactly what it puts on the wire (not exported by the package). */
const { queryStringifyRequestData } = jest.requireActual<{
  queryStringifyRequestData: (data: unknown) => string;
}>(join(dirname(require.resolve('stripe')), 'utils.js'));

describe('decodeStripeForm', () => {
  it('decodes nested brackets, arrays and metadata as the SDK encodes them', () => {
    const params: Stripe.Checkout.SessionCreateParams = {
      mode: 'payment',
      line_items: [
        {
          price_data: { currency: 'gbp', unit_amount: 2500, product_data: { name: 'Top-up & more' } },
          quantity: 1,
        },
        { price_data: { currency: 'gbp', unit_amount: 50, product_data: { name: 'Fee' } }, quantity: 2 },
      ],
      metadata: { pot: 'pot_1', 'user id': 'u+1' },
      success_url: 'https://kitty.example/ok?session_id={CHECKOUT_SESSION_ID}',
      expand: ['payment_intent'],
    };
    expect(decodeStripeForm(queryStringifyRequestData(params))).toEqual({
      mode: 'payment',
      line_items: {
        0: {
          price_data: { currency: 'gbp', unit_amount: '2500', product_data: { name: 'Top-up & more' } },
          quantity: '1',
        },
        1: {
          price_data: { currency: 'gbp', unit_amount: '50', product_data: { name: 'Fee' } },
          quantity: '2',
        },
      },
      metadata: { pot: 'pot_1', 'user id': 'u+1' },
      success_url: 'https://kitty.example/ok?session_id={CHECKOUT_SESSION_ID}',
      expand: { 0: 'payment_intent' },
    });
  });

  it('appends for empty brackets and accepts percent-encoded brackets', () => {
    expect(decodeStripeForm('expand[]=a&expand[]=b')).toEqual({ expand: { 0: 'a', 1: 'b' } });
    expect(decodeStripeForm('metadata%5Bkey%5D=v&created%5Bgte%5D=10')).toEqual({
      metadata: { key: 'v' },
      created: { gte: '10' },
    });
  });

  it('decodes form encoding: plus as space, percent escapes, empty values, empty body', () => {
    expect(decodeStripeForm('name=Ada+Lovelace&email=a%40b.co&description=')).toEqual({
      name: 'Ada Lovelace',
      email: 'a@b.co',
      description: '',
    });
    expect(decodeStripeForm('')).toEqual({});
  });

  it('keeps the last value of a repeated scalar', () => {
    expect(decodeStripeForm('limit=1&limit=3')).toEqual({ limit: '3' });
  });

  it.each([
    ['a value and nested keys for the same name', 'metadata=x&metadata[a]=y'],
    ['nested keys then a value', 'metadata[a]=y&metadata=x'],
    ['an unbalanced bracket', 'metadata[a=1'],
    ['text after the brackets', 'metadata[a]b=1'],
    ['an empty name', '=1'],
    ['a prototype key', '__proto__[polluted]=1'],
    ['a nested prototype key', 'metadata[constructor]=1'],
    ['nesting beyond the limit', `a${'[b]'.repeat(9)}=1`],
  ])('rejects %s with a Stripe invalid_request_error', (_case, body) => {
    expect(() => decodeStripeForm(body)).toThrow(StripeApiError);
    try {
      decodeStripeForm(body);
    } catch (error) {
      expect((error as StripeApiError).statusCode).toBe(400);
      expect((error as StripeApiError).body.type).toBe('invalid_request_error');
    }
  });

  it('does not pollute Object.prototype', () => {
    expect(() => decodeStripeForm('__proto__[x]=1')).toThrow();
    expect(({} as Record<string, unknown>)['x']).toBeUndefined();
  });
});

describe('indexedToArray', () => {
  it('turns index-keyed objects into arrays in index order', () => {
    expect(indexedToArray({ 1: 'b', 0: 'a', 10: 'c' })).toEqual(['a', 'b', 'c']);
  });

  it('leaves other values alone', () => {
    expect(indexedToArray({ a: 1 })).toEqual({ a: 1 });
    expect(indexedToArray({ '01': 'x' })).toEqual({ '01': 'x' });
    expect(indexedToArray('x')).toBe('x');
  });
});

describe('bracketPath and canonicalParams', () => {
  it('names a parameter path as Stripe does', () => {
    expect(bracketPath(['line_items', 0, 'price_data', 'currency'])).toBe(
      'line_items[0][price_data][currency]',
    );
    expect(bracketPath(['mode'])).toBe('mode');
  });

  it('renders parameters independently of key order', () => {
    expect(canonicalParams({ b: '1', a: { d: '2', c: '3' } })).toBe(
      canonicalParams({ a: { c: '3', d: '2' }, b: '1' }),
    );
    expect(canonicalParams({ a: '1' })).not.toBe(canonicalParams({ a: '2' }));
  });
});
