import { Schema, SchemaChecker, StripeSchema } from './stripe-schema';

const string = (values?: string[]): Schema => ({ type: 'string', ...(values && { enum: values }) });
const payout: Schema = {
  type: 'object',
  properties: {
    id: string(),
    object: string(['payout']),
    amount: { type: 'number' },
    status: string(['paid', 'pending']),
    destination: {
      type: 'anyOf',
      anyOf: [string(), { type: 'expanded', object: ['bank_account'] }],
      nullable: true,
    },
    metadata: { type: 'object', properties: {}, required: [], additionalProperties: string() },
  },
  required: ['id', 'object', 'amount', 'status', 'destination'],
};
const schema: StripeSchema = {
  source: { package: 'stripe@0', apiVersion: 'v', openapi: 'v0' },
  idPrefixes: { payout: ['po_'] },
  operations: {},
  events: {},
  definitions: { Payout: payout },
};
const checker = new SchemaChecker(schema);
const ref: Schema = { type: 'ref', $ref: 'Payout' };
const good = { id: 'po_1', object: 'payout', amount: 500, status: 'paid', destination: 'ba_1' };
const kinds = (value: unknown, encoding: 'wire' | 'form' = 'wire') =>
  checker.check(value, ref, encoding).map((v) => `${v.kind} ${v.path}`);

describe('SchemaChecker', () => {
  it('accepts an object with every required field, of the right types', () => {
    expect(kinds(good)).toEqual([]);
    expect(kinds({ ...good, destination: { id: 'ba_1', object: 'bank_account' } })).toEqual([]);
    expect(kinds({ ...good, destination: null, metadata: { pot: 'p1' } })).toEqual([]);
  });

  it('names a required field that is missing, an unknown one, a wrong type and a value outside the enum', () => {
    const { amount: _amount, ...withoutAmount } = good;
    expect(kinds(withoutAmount)).toEqual(['missing amount']);
    expect(kinds({ ...good, invented: true })).toEqual(['unknown invented']);
    expect(kinds({ ...good, amount: '500' })).toEqual(['type amount']);
    expect(kinds({ ...good, status: 'in_transit' })).toEqual(['enum status']);
    expect(kinds({ ...good, destination: { id: 'cus_1', object: 'customer' } })).toEqual([
      'type destination',
    ]);
  });

  it('checks the object’s id prefix', () => {
    expect(kinds({ ...good, id: 'payout_1' })).toEqual(['id-prefix id']);
  });

  it('reads form-encoded parameters: numbers and booleans as strings, arrays keyed 0, 1, …, empty unsets', () => {
    const params: Schema = {
      type: 'object',
      properties: {
        amount: { type: 'number' },
        instant: { type: 'boolean' },
        expand: { type: 'array', items: string() },
        description: { ...string(), nullable: true },
      },
      required: ['amount'],
    };
    const check = (value: unknown) => checker.check(value, params, 'form').map((v) => `${v.kind} ${v.path}`);
    expect(check({ amount: '500', instant: 'false', expand: { 0: 'destination' }, description: '' })).toEqual(
      [],
    );
    expect(check({ amount: 'five', instant: 'no' })).toEqual(['type amount', 'type instant']);
    expect(check({ instant: 'true', statement: 'x' })).toEqual(['missing amount', 'unknown statement']);
  });
});
