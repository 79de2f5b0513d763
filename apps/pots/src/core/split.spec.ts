import type { ProblemError } from '@kitty/nest-common';

import { computeShares } from './split';

const a = '11111111-1111-4111-8111-111111111111';
const b = '22222222-2222-4222-8222-222222222222';

describe('computeShares', () => {
  it('maps every split mode onto the money rules, keeping the input order', () => {
    expect(computeShares({ mode: 'equal', members: [{ memberId: a }, { memberId: b }] }, 101)).toEqual([
      { memberId: a, amountPence: 51 },
      { memberId: b, amountPence: 50 },
    ]);
    expect(
      computeShares(
        {
          mode: 'percent',
          members: [
            { memberId: a, value: 2500 },
            { memberId: b, value: 7500 },
          ],
        },
        1000,
      ),
    ).toEqual([
      { memberId: a, amountPence: 250 },
      { memberId: b, amountPence: 750 },
    ]);
    expect(
      computeShares(
        {
          mode: 'shares',
          members: [
            { memberId: a, value: 3 },
            { memberId: b, value: 1 },
          ],
        },
        100,
      ),
    ).toEqual([
      { memberId: a, amountPence: 75 },
      { memberId: b, amountPence: 25 },
    ]);
  });

  it('turns a split that does not add up into a 400 problem', () => {
    try {
      computeShares(
        {
          mode: 'exact',
          members: [
            { memberId: a, value: 10 },
            { memberId: b, value: 10 },
          ],
        },
        100,
      );
      throw new Error('expected a problem');
    } catch (error) {
      expect((error as ProblemError).problem).toMatchObject({ status: 400, title: 'Invalid split' });
    }
  });
});
