import { DuplicateMemberError, InvalidMemberIdError } from './errors';
import { compareIds, memberValues, uniqueMemberIds } from './members';

describe('memberValues', () => {
  it('reads objects, pairs and maps in order', () => {
    const expected = [
      { memberId: 'ann', value: 1 },
      { memberId: 'bob', value: 2 },
    ];
    expect(memberValues({ ann: 1, bob: 2 })).toEqual(expected);
    expect(
      memberValues([
        ['ann', 1],
        ['bob', 2],
      ]),
    ).toEqual(expected);
    expect(
      memberValues(
        new Map([
          ['ann', 1],
          ['bob', 2],
        ]),
      ),
    ).toEqual(expected);
  });

  it('shows why pairs are safer than objects for numeric-looking ids', () => {
    expect(memberValues({ b: 1, '2': 1, '1': 1 }).map(({ memberId }) => memberId)).toEqual(['1', '2', 'b']);
  });

  it('refuses a member twice and ids that are not non-empty strings', () => {
    expect(() =>
      memberValues([
        ['a', 1],
        ['a', 2],
      ]),
    ).toThrow(DuplicateMemberError);
    expect(() => memberValues([['', 1]])).toThrow(InvalidMemberIdError);
    expect(() => memberValues([[7 as unknown as string, 1]])).toThrow(InvalidMemberIdError);
    expect(() => uniqueMemberIds(['x', 'y', 'x'])).toThrow(DuplicateMemberError);
  });
});

describe('compareIds', () => {
  it('orders by code units, whatever the locale', () => {
    expect(['b', 'B', 'a', 'é', 'Z', '10', '9'].sort(compareIds)).toEqual([
      '10',
      '9',
      'B',
      'Z',
      'a',
      'b',
      'é',
    ]);
  });
});
