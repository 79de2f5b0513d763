import { refitPlan } from './refit-plan';

const members = (values: Record<string, number>) =>
  Object.entries(values).map(([memberId, value]) => ({ memberId, value }));

describe('refitPlan', () => {
  it('recomputes the amounts along the same pairs', () => {
    // A chain a → c ← b → d: after b paid d in part, the amounts follow from the positions.
    const previous = [
      { from: 'a', to: 'c', amountPence: 5 },
      { from: 'b', to: 'c', amountPence: 3 },
      { from: 'b', to: 'd', amountPence: 4 },
    ];
    expect(refitPlan(previous, members({ a: -5, b: -4, c: 8, d: 1 }))).toEqual([
      { from: 'a', to: 'c', amountPence: 5 },
      { from: 'b', to: 'c', amountPence: 3 },
      { from: 'b', to: 'd', amountPence: 1 },
    ]);
  });

  it('drops transfers that are no longer needed', () => {
    const previous = [
      { from: 'a', to: 'b', amountPence: 5 },
      { from: 'c', to: 'd', amountPence: 2 },
    ];
    expect(refitPlan(previous, members({ a: -5, b: 5, c: 0, d: 0 }))).toEqual([
      { from: 'a', to: 'b', amountPence: 5 },
    ]);
  });

  it.each([
    ['a debt now runs the other way', { a: 5, b: -5 }, [{ from: 'a', to: 'b', amountPence: 5 }]],
    ['someone owes outside the plan', { a: -5, b: 4, c: 1 }, [{ from: 'a', to: 'b', amountPence: 5 }]],
    ['a member has left', { a: -5, c: 5 }, [{ from: 'a', to: 'b', amountPence: 5 }]],
    [
      'a creditor would pass money on',
      { a: -5, b: 0, c: 5 },
      [
        { from: 'a', to: 'b', amountPence: 5 },
        { from: 'b', to: 'c', amountPence: 5 },
      ],
    ],
    [
      'the pairs form a cycle',
      { a: -5, b: 5, c: 0 },
      [
        { from: 'a', to: 'b', amountPence: 5 },
        { from: 'b', to: 'c', amountPence: 0 },
        { from: 'c', to: 'a', amountPence: 0 },
      ],
    ],
  ])('gives up when %s', (_, values, previous) => {
    expect(refitPlan(previous, members(values))).toBeUndefined();
  });
});
