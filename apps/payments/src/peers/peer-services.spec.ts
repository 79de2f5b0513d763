// Payments reads who belongs to a pot from its projection of pots' announcements, which lags a change by
// one outbox relay: a member or a rule it does not show yet is looked for again for a short while.
import { DEFAULT_POT_RULES, type PotRule } from '@kitty/contracts';

import type {
  PaymentAccountReader,
  PaymentAccountSnapshot,
} from '../payment-accounts/payment-account.repository';
import type { PotAccessSnapshot } from '../pot-access/pot-access.repository';
import { PeerServices } from './peer-services';

const potId = '00000000-0000-4000-8000-0000000000a1';
const ann = '00000000-0000-4000-8000-0000000000b1';
const ben = '00000000-0000-4000-8000-0000000000b2';

const snapshot = (
  version: number,
  members: string[],
  withdrawRule: PotRule = DEFAULT_POT_RULES.withdrawRule,
) =>
  ({
    potId,
    version,
    name: 'Lisbon',
    isActive: true,
    rules: { ...DEFAULT_POT_RULES, withdrawRule },
    members: members.map((userId, index) => ({
      userId,
      role: index === 0 ? 'owner' : 'member',
      name: index === 0 ? 'Ann' : 'Ben',
      joinedAt: '2026-11-01T10:00:00.000Z',
    })),
  }) as PotAccessSnapshot;

const noPaymentAccounts: PaymentAccountReader = {
  find: async () => null,
  identityKeys: async () => new Map(),
};

/** Peers whose projection holds `before` until `afterMs`, then `after`. */
function peersSeeing(before: PotAccessSnapshot | null, after: PotAccessSnapshot | null, afterMs: number) {
  const changesAt = Date.now() + afterMs;
  const reads = { count: 0 };
  const peers = new PeerServices(
    {} as never,
    {
      find: async () => {
        reads.count += 1;
        return Date.now() >= changesAt ? after : before;
      },
    },
    noPaymentAccounts,
  );
  return { peers, reads };
}

describe("a pot's members and rules, from payments' projection", () => {
  it('answers at once from what the projection holds', async () => {
    const { peers, reads } = peersSeeing(snapshot(1, [ann, ben]), null, 60_000);
    await expect(peers.requireMembership(potId, ben)).resolves.toEqual({
      role: 'member',
      potName: 'Lisbon',
      rules: DEFAULT_POT_RULES,
    });
    expect(reads.count).toBe(1);
  });

  it('waits for a member who has only just joined', async () => {
    const { peers } = peersSeeing(snapshot(1, [ann]), snapshot(2, [ann, ben]), 150);
    await expect(peers.requireMembership(potId, ben)).resolves.toMatchObject({ role: 'member' });
  });

  it('waits for rules that allow what is asked, and answers with the latest once the wait is over', async () => {
    const allowsMembers = (membership: { rules: { withdrawRule: string } }) =>
      membership.rules.withdrawRule === 'members';
    const changed = peersSeeing(snapshot(1, [ann, ben]), snapshot(2, [ann, ben], 'members'), 200);
    await expect(changed.peers.requireMembership(potId, ben, allowsMembers)).resolves.toMatchObject({
      rules: { withdrawRule: 'members' },
    });
    const unchanged = peersSeeing(snapshot(1, [ann, ben]), snapshot(1, [ann, ben]), 0);
    await expect(unchanged.peers.requireMembership(potId, ben, allowsMembers)).resolves.toMatchObject({
      rules: { withdrawRule: 'owner' },
    });
  });

  it('is the 404 of a pot the caller is not in, once the wait is over', async () => {
    const { peers } = peersSeeing(snapshot(1, [ann]), snapshot(1, [ann]), 0);
    await expect(peers.requireMembership(potId, ben)).rejects.toMatchObject({ problem: { status: 404 } });
    await expect(
      peersSeeing(null, null, 0).peers.potMembers({ userId: ann } as never, potId),
    ).rejects.toMatchObject({
      problem: { status: 404 },
    });
  });
});

// Payments reads each user's payment account from its projection of issuing's announcements, never from
// issuing (which asks payments to decide card payments): the projection lags a change by one outbox relay.
describe("a user's payment account, from payments' projection", () => {
  const account = (changes: Partial<PaymentAccountSnapshot> = {}): PaymentAccountSnapshot => ({
    userId: ann,
    version: 1,
    verified: true,
    accountId: 'acct_ann',
    payoutDestination: 'ba_ann',
    payoutAccountLabel: 'NatWest •••• 2345',
    payoutsAvailableFrom: null,
    identityKey: null,
    closed: false,
    ...changes,
  });

  /** Peers whose payment account projection holds `before` until `afterMs`, then `after`. */
  function peersHolding(
    before: PaymentAccountSnapshot | null,
    after: PaymentAccountSnapshot | null = before,
    afterMs = 0,
    identityKeys = new Map<string, string>(),
  ) {
    const changesAt = Date.now() + afterMs;
    const reads = { count: 0 };
    const peers = new PeerServices(
      {} as never,
      { find: async () => null },
      {
        find: async () => {
          reads.count += 1;
          return Date.now() >= changesAt ? after : before;
        },
        identityKeys: async (userIds) =>
          new Map([...identityKeys].filter(([userId]) => userIds.includes(userId))),
      },
    );
    return { peers, reads };
  }

  it('answers a verified account at once, with where its payouts go', async () => {
    const { peers, reads } = peersHolding(account());
    await expect(peers.requireVerified(ann, 'withdraw')).resolves.toEqual({
      accountId: 'acct_ann',
      payoutDestination: 'ba_ann',
      payoutAccountLabel: 'NatWest •••• 2345',
      payoutsAvailableFrom: null,
    });
    expect(reads.count).toBe(1);
  });

  it('waits for a verification completed a moment ago rather than refusing on older news', async () => {
    const { peers } = peersHolding(account({ verified: false }), account({ version: 2 }), 200);
    await expect(peers.requireVerified(ann, 'add funds')).resolves.toMatchObject({ accountId: 'acct_ann' });
    const bankJustAdded = peersHolding(account({ payoutDestination: null }), account({ version: 2 }), 200);
    await expect(bankJustAdded.peers.requireVerified(ann, 'withdraw')).resolves.toMatchObject({
      payoutDestination: 'ba_ann',
    });
  });

  it("refuses, in the spec's words, an account not verified, not heard of, or closed, once the wait is over", async () => {
    for (const held of [account({ verified: false }), null, account({ closed: true })]) {
      const started = Date.now();
      await expect(peersHolding(held).peers.requireVerified(ann, 'add funds')).rejects.toMatchObject({
        problem: {
          status: 403,
          title: 'Account Setup Required',
          detail: 'Complete your account verification to add funds.',
        },
      });
      expect(Date.now() - started).toBeLessThan(1_500);
    }
    await expect(peersHolding(account({ closed: true })).peers.verification(ann)).resolves.toBeNull();
  });

  it('names a cooling-off period only while it lasts', async () => {
    const waiting = account({ payoutsAvailableFrom: '2099-11-30T09:12:00.000Z' });
    await expect(peersHolding(waiting).peers.requireVerified(ann, 'withdraw')).resolves.toMatchObject({
      payoutsAvailableFrom: '2099-11-30T09:12:00.000Z',
    });
    const over = account({ payoutsAvailableFrom: '2026-01-01T00:00:00.000Z' });
    await expect(peersHolding(over).peers.requireVerified(ann, 'withdraw')).resolves.toMatchObject({
      payoutsAvailableFrom: null,
    });
  });

  it("takes accounts with the requester's identity key for the requester's own", async () => {
    const cat = '00000000-0000-4000-8000-0000000000b3';
    const keys = new Map([
      [ann, 'key-ann'],
      [ben, 'key-ann'],
      [cat, 'key-cat'],
    ]);
    const { peers } = peersHolding(account(), account(), 0, keys);
    await expect(peers.samePerson(ann, [ben, cat, ann])).resolves.toEqual(new Set([ben]));
    // An account whose KYC accepted no phone number is nobody's, and nobody is its own.
    await expect(peers.samePerson(cat, [ann])).resolves.toEqual(new Set());
    await expect(peersHolding(null).peers.samePerson(ann, [ben])).resolves.toEqual(new Set());
  });
});
