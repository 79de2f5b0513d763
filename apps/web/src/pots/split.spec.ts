import { calculateSplit, defaultValues, formatBasisPoints, parseAmountPence, type SplitState } from './split';

const members = [
  { id: 'ann', name: 'Ann' },
  { id: 'bob', name: 'Bob' },
  { id: 'cat', name: 'Cat' },
];
const everyone = ['ann', 'bob', 'cat'];
const state = (overrides: Partial<SplitState>): SplitState => ({
  mode: 'equal',
  included: everyone,
  values: {},
  ...overrides,
});
const amounts = (outcome: ReturnType<typeof calculateSplit>) =>
  outcome.status === 'ok' ? outcome.shares.map(({ amountPence }) => amountPence) : outcome.message;

describe('parseAmountPence', () => {
  it.each([
    ['19.99', 1999],
    [' 10 ', 1000],
    ['0.005', 1],
    ['1000000', 100_000_000],
  ])('reads %p as %p pence', (text, pence) => expect(parseAmountPence(text)).toBe(pence));

  it.each(['', '0', '-5', 'abc', '1,000', '£5', '1e3', undefined])('refuses %p', (text) =>
    expect(parseAmountPence(text)).toBeNull(),
  );
});

describe('formatBasisPoints', () => {
  it.each([
    [3333, '33.33'],
    [5000, '50'],
    [1250, '12.5'],
    [5, '0.05'],
    [-1000, '-10'],
  ])('%p → %p', (basisPoints, text) => expect(formatBasisPoints(basisPoints)).toBe(text));
});

describe('calculateSplit', () => {
  it('splits equally, spare pennies to the first members, and asks for the split the server expects', () => {
    const outcome = calculateSplit(1000, state({}), members);
    expect(amounts(outcome)).toEqual([334, 333, 333]);
    expect(outcome.status === 'ok' && outcome.split).toEqual({
      mode: 'equal',
      members: [{ memberId: 'ann' }, { memberId: 'bob' }, { memberId: 'cat' }],
    });
  });

  it("keeps the pot's member order whatever order people were ticked in", () => {
    expect(amounts(calculateSplit(1000, state({ included: ['cat', 'ann'] }), members))).toEqual([500, 500]);
    const outcome = calculateSplit(1001, state({ included: ['cat', 'ann'] }), members);
    expect(outcome.status === 'ok' && outcome.shares.map(({ name }) => name)).toEqual(['Ann', 'Cat']);
  });

  it('takes exact amounts in pounds and sends pence', () => {
    const outcome = calculateSplit(
      1000,
      state({ mode: 'exact', values: { ann: '2.50', bob: '7.5', cat: '' } }),
      members,
    );
    expect(amounts(outcome)).toEqual([250, 750, 0]);
    expect(outcome.status === 'ok' && outcome.split.members.map(({ value }) => value)).toEqual([250, 750, 0]);
  });

  it('says how far exact amounts are from the total', () => {
    expect(
      amounts(
        calculateSplit(1000, state({ mode: 'exact', values: { ann: '2', bob: '3', cat: '1' } }), members),
      ),
    ).toBe('The amounts add up to £6.00: £4.00 short of £10.00.');
    expect(
      amounts(
        calculateSplit(1000, state({ mode: 'exact', values: { ann: '5', bob: '5', cat: '0.01' } }), members),
      ),
    ).toBe('The amounts add up to £10.01: £0.01 more than £10.00.');
    expect(amounts(calculateSplit(1000, state({ mode: 'exact', values: { ann: 'ten' } }), members))).toBe(
      'Enter a valid amount for Ann.',
    );
  });

  it('takes percentages as basis points and apportions the pennies', () => {
    const outcome = calculateSplit(
      1000,
      state({ mode: 'percent', values: { ann: '33.34', bob: '33.33', cat: '33.33' } }),
      members,
    );
    expect(amounts(outcome)).toEqual([334, 333, 333]);
    expect(outcome.status === 'ok' && outcome.split.members.map(({ value }) => value)).toEqual([
      3334, 3333, 3333,
    ]);
  });

  it('says how far percentages are from 100%', () => {
    expect(
      amounts(
        calculateSplit(
          1000,
          state({ mode: 'percent', values: { ann: '50', bob: '30', cat: '10' } }),
          members,
        ),
      ),
    ).toBe('The percentages add up to 90%: 10% short of 100%.');
    expect(
      amounts(
        calculateSplit(
          1000,
          state({ mode: 'percent', values: { ann: '50', bob: '50', cat: '0.5' } }),
          members,
        ),
      ),
    ).toBe('The percentages add up to 100.5%: 0.5% over 100%.');
    expect(
      amounts(calculateSplit(1000, state({ mode: 'percent', values: { ann: '33.333' } }), members)),
    ).toBe('Enter a percentage from 0 to 100 (at most 2 decimals) for Ann.');
  });

  it('splits by shares', () => {
    const outcome = calculateSplit(
      1000,
      state({ mode: 'shares', values: { ann: '2', bob: '1', cat: '1' } }),
      members,
    );
    expect(amounts(outcome)).toEqual([500, 250, 250]);
    expect(outcome.status === 'ok' && outcome.split.members.map(({ value }) => value)).toEqual([2, 1, 1]);
    expect(
      amounts(
        calculateSplit(1000, state({ mode: 'shares', values: { ann: '0', bob: '1', cat: '1' } }), members),
      ),
    ).toBe('Shares must be whole numbers above 0 (Ann).');
    expect(amounts(calculateSplit(1000, state({ mode: 'shares', values: { ann: '1.5' } }), members))).toBe(
      'Shares must be whole numbers above 0 (Ann).',
    );
  });

  it('needs someone to split with, and an amount before it can show shares', () => {
    expect(calculateSplit(1000, state({ included: [] }), members)).toEqual({
      status: 'error',
      message: 'Choose at least one member to split with.',
    });
    expect(calculateSplit(null, state({}), members)).toEqual({
      status: 'incomplete',
      message: 'Enter the amount to see each share.',
    });
  });
});

describe('defaultValues', () => {
  it('starts each mode from an even split', () => {
    expect(defaultValues('exact', everyone, 1000)).toEqual({ ann: '3.34', bob: '3.33', cat: '3.33' });
    expect(defaultValues('exact', everyone, null)).toEqual({});
    expect(defaultValues('percent', everyone, null)).toEqual({ ann: '33.34', bob: '33.33', cat: '33.33' });
    expect(defaultValues('shares', everyone, null)).toEqual({ ann: '1', bob: '1', cat: '1' });
    expect(defaultValues('equal', everyone, 1000)).toEqual({});
  });
});
