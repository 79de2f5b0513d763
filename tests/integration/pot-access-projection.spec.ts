// Payments decides who may move a pot's money on its own projection of pots' announcements. Through the
// gateway at 3 replicas: after joins, a change of rules, a member leaving and the pot being archived, what
// payments holds is what pots holds (in SQL), and a member who left can no longer withdraw from the pot.
import { randomUUID } from 'node:crypto';

import { Pool } from 'pg';

import { api, eventually } from '../support/api';
import { verifyUser } from '../support/onboarding';
import { bearer, potWithMembers } from '../support/pots';

jest.setTimeout(120_000);

const db = new Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
db.on('error', () => undefined);
afterAll(() => db.end());

interface Projected {
  version: string;
  name: string;
  is_active: boolean;
  rules: { withdrawRule: string };
  members: { userId: string; role: string; name: string }[];
}

/** What payments holds once it has caught up with pots' latest announcement of the pot. */
async function projectedOnceCaughtUp(potId: string): Promise<Projected> {
  return eventually(async () => {
    const [pots] = (
      await db.query<{ access_version: string }>(`SELECT access_version FROM pots.pots WHERE id = $1`, [
        potId,
      ])
    ).rows;
    const [payments] = (
      await db.query<Projected>(
        `SELECT version::text, name, is_active, rules, members FROM payments.pot_access WHERE pot_id = $1`,
        [potId],
      )
    ).rows;
    return payments && payments.version === pots.access_version ? payments : undefined;
  }, 15_000);
}

/** Pots' own view: its current members with an account, longest-standing first. */
async function membersInPots(potId: string) {
  const { rows } = await db.query<{ userId: string; role: string; name: string }>(
    `SELECT user_id::text AS "userId", role, name FROM pots.pot_members
      WHERE pot_id = $1 AND removed_at IS NULL AND user_id IS NOT NULL AND role <> 'guest'
      ORDER BY joined_at`,
    [potId],
  );
  return rows;
}

describe("payments' projection of who belongs to a pot", () => {
  it('follows joins, rules, a member leaving and archiving, as pots has them', async () => {
    const { pot, owner, others } = await potWithMembers(2, `Projection ${Date.now()}`);
    const asOwner = bearer(owner.session.accessToken);
    await api(`/api/pots/${pot.id}/guests`, {
      method: 'POST',
      body: { name: 'Gus Guest', email: `gus-${randomUUID()}@example.com` },
      headers: asOwner,
    });
    let projected = await projectedOnceCaughtUp(pot.id);
    expect(projected.members).toEqual(
      (await membersInPots(pot.id)).map((member) => ({ ...member, joinedAt: expect.any(String) })),
    );
    expect(projected.members).toHaveLength(3);

    await api(`/api/pots/${pot.id}/rules`, {
      method: 'PATCH',
      body: { withdrawRule: 'members', spendRule: 'members', approvalAbovePence: 5_000 },
      headers: asOwner,
    });
    expect(
      (
        await api(`/api/pots/${pot.id}/leave`, {
          method: 'POST',
          headers: bearer(others[1].session.accessToken),
        })
      ).status,
    ).toBe(204);
    projected = await projectedOnceCaughtUp(pot.id);
    expect(projected.rules.withdrawRule).toBe('members');
    expect(projected.members.map((member) => member.userId)).toEqual(
      (await membersInPots(pot.id)).map((member) => member.userId),
    );
    expect(projected.members).toHaveLength(2);

    // The member who left is a stranger to the pot's money now.
    await verifyUser(others[1].session.accessToken);
    const byLeaver = await api('/api/withdrawals', {
      method: 'POST',
      body: { amountPence: 100, source: { type: 'pot', potId: pot.id } },
      headers: { ...bearer(others[1].session.accessToken), 'idempotency-key': randomUUID() },
    });
    expect(byLeaver.status).toBe(404);

    expect(
      (await api(`/api/pots/${pot.id}`, { method: 'PATCH', body: { isActive: false }, headers: asOwner }))
        .status,
    ).toBe(200);
    expect((await projectedOnceCaughtUp(pot.id)).is_active).toBe(false);
  });
});
