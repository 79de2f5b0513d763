import fc from 'fast-check';

import { payersProblem } from './payers';

const ann = 'ann';
const ben = 'ben';

describe('payersProblem', () => {
  it('accepts payers whose amounts add up to the total', () => {
    expect(
      payersProblem(
        [
          { memberId: ann, amountPence: 6000 },
          { memberId: ben, amountPence: 4000 },
        ],
        10_000,
      ),
    ).toBeNull();
    expect(payersProblem([{ memberId: ann, amountPence: 10_000 }], 10_000)).toBeNull();
  });

  it('says how far the amounts are from the total', () => {
    expect(
      payersProblem(
        [
          { memberId: ann, amountPence: 6000 },
          { memberId: ben, amountPence: 3000 },
        ],
        10_000,
      ),
    ).toBe("What each person paid adds up to £90.00, not the expense's £100.00.");
  });

  it.each([
    [[], 'Choose who paid.'],
    [
      [
        { memberId: ann, amountPence: 5000 },
        { memberId: ann, amountPence: 5000 },
      ],
      'Each person can be named only once among those who paid.',
    ],
    [
      [
        { memberId: ann, amountPence: 10_000 },
        { memberId: ben, amountPence: 0 },
      ],
      'Everyone who paid must have paid more than £0.00, in whole pence.',
    ],
    [
      [
        { memberId: ann, amountPence: 9999.5 },
        { memberId: ben, amountPence: 0.5 },
      ],
      'Everyone who paid must have paid more than £0.00, in whole pence.',
    ],
  ])('refuses %j', (payers, message) => {
    expect(payersProblem(payers, 10_000)).toBe(message);
  });

  it('answers in words, never by throwing, for totals and sums beyond exact numbers', () => {
    expect(payersProblem([{ memberId: ann, amountPence: 1 }], 2 ** 53 + 1)).toBe(
      'The amount must be more than £0.00, in whole pence.',
    );
    const huge = Number.MAX_SAFE_INTEGER;
    expect(
      payersProblem(
        [
          { memberId: ann, amountPence: huge },
          { memberId: ben, amountPence: huge },
        ],
        huge,
      ),
    ).toBe("What each person paid adds up to more than the expense's £90,071,992,547,409.91.");
  });

  it('accepts exactly the partitions of the total into positive pence (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -100, max: 100_000 }), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: -5, max: 5 }),
        (amounts, offset) => {
          const payers = amounts.map((amountPence, i) => ({ memberId: `m${i}`, amountPence }));
          const total = amounts.reduce((sum, amount) => sum + amount, 0) + offset;
          const valid = offset === 0 && amounts.every((amount) => amount > 0);
          return (payersProblem(payers, total) === null) === valid;
        },
      ),
    );
  });
});
