import fc from 'fast-check';

import { DuplicateMemberError, EmptySplitError, InvalidAmountError, InvalidSplitValueError } from './errors';
import { positionsDelta, settlementDelta } from './positions';
import { splitByShares, splitEqually } from './split';
import { memberIdsArb } from './test-support';

describe('positionsDelta', () => {
  it('credits the payer with what others owe and debits each other member their share', () => {
    // Ann pays £30 for three: she is owed £20, Bob and Cat owe £10 each.
    expect(positionsDelta('ann', splitEqually(3000, ['bob', 'ann', 'cat']))).toEqual([
      { memberId: 'ann', deltaPence: 2000 },
      { memberId: 'bob', deltaPence: -1000 },
      { memberId: 'cat', deltaPence: -1000 },
    ]);
  });

  it('works for a payer outside the split, and leaves out members whose position does not move', () => {
    expect(positionsDelta('zed', splitEqually(100, ['bob', 'ann']))).toEqual([
      { memberId: 'ann', deltaPence: -50 },
      { memberId: 'bob', deltaPence: -50 },
      { memberId: 'zed', deltaPence: 100 },
    ]);
    expect(positionsDelta('ann', splitEqually(100, ['ann']))).toEqual([]);
    expect(
      positionsDelta('ann', [
        { memberId: 'bob', amountPence: 100 },
        { memberId: 'cat', amountPence: 0 },
      ]),
    ).toEqual([
      { memberId: 'ann', deltaPence: 100 },
      { memberId: 'bob', deltaPence: -100 },
    ]);
  });

  it('refuses malformed shares', () => {
    expect(() => positionsDelta('ann', [])).toThrow(EmptySplitError);
    expect(() => positionsDelta('ann', [{ memberId: 'bob', amountPence: 0 }])).toThrow(InvalidAmountError);
    expect(() => positionsDelta('ann', [{ memberId: 'bob', amountPence: -5 }])).toThrow(
      InvalidSplitValueError,
    );
    expect(() =>
      positionsDelta('ann', [
        { memberId: 'bob', amountPence: 5 },
        { memberId: 'bob', amountPence: 5 },
      ]),
    ).toThrow(DuplicateMemberError);
  });

  it('property: deltas sum to zero, are sorted by id, and the payer gains the total minus their own share', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 ** 9 }),
        memberIdsArb(1, 50),
        fc.nat(),
        fc.boolean(),
        (total, ids, pick, payerInSplit) => {
          const payerId = payerInSplit ? ids[pick % ids.length] : `payer-${ids.join('')}`;
          const shares = splitByShares(
            total,
            ids.map((id, index): [string, number] => [id, 1 + (index % 3)]),
          );
          const deltas = positionsDelta(payerId, shares);
          expect(deltas.reduce((sum, { deltaPence }) => sum + deltaPence, 0)).toBe(0);
          expect(deltas.map(({ memberId }) => memberId)).toEqual(
            deltas.map(({ memberId }) => memberId).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
          );
          const ownShare = shares.find(({ memberId }) => memberId === payerId)?.amountPence ?? 0;
          expect(deltas.find(({ memberId }) => memberId === payerId)?.deltaPence ?? 0).toBe(total - ownShare);
          expect(deltas.every(({ deltaPence }) => deltaPence !== 0)).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('settlementDelta', () => {
  it('moves the payer up and the payee down', () => {
    expect(settlementDelta({ from: 'bob', to: 'ann', amountPence: 1000 })).toEqual([
      { memberId: 'ann', deltaPence: -1000 },
      { memberId: 'bob', deltaPence: 1000 },
    ]);
  });

  it('refuses a settlement with oneself or for nothing', () => {
    expect(() => settlementDelta({ from: 'bob', to: 'bob', amountPence: 1 })).toThrow(DuplicateMemberError);
    expect(() => settlementDelta({ from: 'bob', to: 'ann', amountPence: 0 })).toThrow(InvalidAmountError);
  });
});
