// Payments reads who belongs to a pot from its projection of pots' announcements, which lags a change by
// one outbox relay: a member or a rule it does not show yet is looked for again for a short while.
import { DEFAULT_POT_RULES, type PotRule } from '@kitty/contracts';

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

/** Peers whose projection holds `before` until `afterMs`, then `after`. */
function peersSeeing(before: PotAccessSnapshot | null, after: PotAccessSnapshot | null, afterMs: number) {
  const changesAt = Date.now() + afterMs;
  const reads = { count: 0 };
  const peers = new PeerServices({} as never, {
    find: async () => {
      reads.count += 1;
      return Date.now() >= changesAt ? after : before;
    },
  });
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
