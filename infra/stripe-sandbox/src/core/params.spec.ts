import { z } from 'zod';

import { formArray, formBool, formInt, metadataParam, parseParams } from './params';
import { StripeApiError } from './stripe-error';

const schema = z.strictObject({
  amount: formInt(),
  capture: formBool().optional(),
  items: formArray(z.strictObject({ name: z.string().min(1) }), { min: 1 }).optional(),
  metadata: metadataParam().optional(),
  mode: z.enum(['payment', 'setup']).optional(),
});

function errorOf(raw: unknown): StripeApiError['body'] {
  try {
    parseParams(schema, raw);
  } catch (error) {
    if (error instanceof StripeApiError) return error.body;
    throw error;
  }
  throw new Error('expected a Stripe error');
}

describe('parseParams', () => {
  it('converts form strings into numbers, booleans and arrays', () => {
    expect(
      parseParams(schema, { amount: '-5', capture: 'true', items: { 1: { name: 'b' }, 0: { name: 'a' } } }),
    ).toEqual({
      amount: -5,
      capture: true,
      items: [{ name: 'a' }, { name: 'b' }],
    });
  });

  it.each([
    [{}, { code: 'parameter_missing', param: 'amount', message: 'Missing required param: amount.' }],
    [
      { amount: '1', foo: 'x' },
      { code: 'parameter_unknown', param: 'foo' },
    ],
    [
      { amount: '1', items: { 0: { name: 'a', extra: '1' } } },
      { code: 'parameter_unknown', param: 'items[0][extra]' },
    ],
    [
      { amount: '1.5' },
      { code: 'parameter_invalid_integer', param: 'amount', message: 'Invalid integer: 1.5' },
    ],
    [{ amount: '99999999999999999' }, { code: 'parameter_invalid_integer', param: 'amount' }],
    [{ amount: '' }, { code: 'parameter_invalid_empty', param: 'amount' }],
    [{ amount: { a: '1' } }, { param: 'amount' }],
    [
      { amount: '1', metadata: 'x' },
      { param: 'metadata', message: 'Invalid hash' },
    ],
    [
      { amount: '1', items: 'x' },
      { param: 'items', message: 'Invalid array' },
    ],
    [
      { amount: '1', mode: 'subscription' },
      { param: 'mode', message: 'Invalid mode: must be one of payment, setup' },
    ],
    [{ amount: '1', capture: 'yes' }, { param: 'capture' }],
  ])('answers %j as Stripe does', (raw, expected) => {
    expect(errorOf(raw)).toMatchObject({ type: 'invalid_request_error', ...expected });
  });

  it('applies Stripe’s metadata limits', () => {
    expect(errorOf({ amount: '1', metadata: { ['k'.repeat(41)]: 'v' } })).toMatchObject({
      param: expect.stringMatching(/^metadata/),
    });
    expect(errorOf({ amount: '1', metadata: { k: 'v'.repeat(501) } })).toMatchObject({
      param: 'metadata[k]',
    });
    const tooMany = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v']));
    expect(errorOf({ amount: '1', metadata: tooMany })).toMatchObject({ param: 'metadata' });
    expect(parseParams(schema, { amount: '1', metadata: { 0: 'numeric keys stay keys' } }).metadata).toEqual({
      0: 'numeric keys stay keys',
    });
  });
});
