import { randomUUID } from 'node:crypto';

import {
  accountPolicy,
  PLATFORM_SHARDS,
  PlatformAccount,
  platformShard,
  potAccount,
  potIdOf,
  walletAccount,
} from './accounts';
import { normalise } from './ledger.service';

describe('ledger accounts', () => {
  it('protects wallets and pots from going negative, not the platform accounts', () => {
    const user = randomUUID();
    expect(accountPolicy(walletAccount(user))).toEqual({
      kind: 'wallet',
      ownerId: user,
      allowNegative: false,
    });
    expect(accountPolicy(potAccount(user))).toEqual({ kind: 'pot', ownerId: user, allowNegative: false });
    for (const id of Object.values(PlatformAccount))
      expect(accountPolicy(id)).toEqual({ kind: 'platform', ownerId: null, allowNegative: true });
  });

  it('spreads a platform account over its rows by idempotency key, the same key always on the same row', () => {
    const rows = new Set(
      Array.from({ length: 2_000 }, (_, i) => platformShard(PlatformAccount.cardHolds, `card-hold:${i}`)),
    );
    expect(rows.size).toBe(PLATFORM_SHARDS);
    for (const row of rows) {
      expect(row).toMatch(/^card:holds\/\d{2}$/);
      expect(accountPolicy(row)).toEqual({ kind: 'platform', ownerId: null, allowNegative: true });
    }
    expect(platformShard(PlatformAccount.fees, 'topup:cs_1')).toBe(
      platformShard(PlatformAccount.fees, 'topup:cs_1'),
    );
  });

  it.each([
    'wallet:',
    'wallet:not-a-uuid',
    'pots:' + randomUUID(),
    'platform:other',
    '',
    `card:holds/${PLATFORM_SHARDS}`,
    'card:holds/7',
    'platform:other/01',
    `wallet:${randomUUID()}/01`,
  ])('refuses the unknown account id %p', (id) =>
    expect(() => accountPolicy(id)).toThrow(/Unknown ledger account/),
  );

  it('reads the pot id of pot accounts only', () => {
    const id = randomUUID();
    expect(potIdOf(potAccount(id))).toBe(id);
    expect(potIdOf(walletAccount(id))).toBeNull();
  });
});

describe('normalise', () => {
  const a = walletAccount('00000000-0000-4000-8000-000000000001');
  const b = walletAccount('00000000-0000-4000-8000-000000000002');

  it('merges legs of one account and sorts by account id (the lock order)', () => {
    expect(
      normalise([
        { accountId: b, amountPence: 5n },
        { accountId: PlatformAccount.fees, amountPence: -7n },
        { accountId: b, amountPence: 2n },
      ]),
    ).toEqual([
      { accountId: PlatformAccount.fees, amountPence: -7n },
      { accountId: b, amountPence: 7n },
    ]);
  });

  it.each([
    [
      'a single account',
      [
        { accountId: a, amountPence: 1n },
        { accountId: a, amountPence: -1n },
      ],
    ],
    [
      'a non-zero sum',
      [
        { accountId: a, amountPence: 2n },
        { accountId: b, amountPence: -1n },
      ],
    ],
    ['one leg', [{ accountId: a, amountPence: 0n + 1n }]],
  ])('refuses %s', (_, postings) => expect(() => normalise(postings)).toThrow(/Unbalanced/));

  it('refuses a zero leg', () =>
    expect(() =>
      normalise([
        { accountId: a, amountPence: 0n },
        { accountId: b, amountPence: 0n },
      ]),
    ).toThrow(/Zero posting/));
});
