// Through the gateway: an expense that credits anyone but its recorder moves nobody until each person it
// credits confirms — however many payers it lists, and whether it is recorded or edited. Member C putting
// £4,000 of A's "payment" on B (with a penny of C's own to be among the payers) waits for A.
import { randomUUID } from 'node:crypto';

import { api } from '../support/api';
import { bearer, potWithMembers, type User } from '../support/pots';

jest.setTimeout(120_000);

interface Recorded {
  id: string;
  status: 'confirmed' | 'pending' | 'declined';
  awaitingMemberId: string | null;
}

/** Olive (owner) and three members: A, B and C. */
async function fourPeople() {
  const { pot, owner, others } = await potWithMembers(3);
  const [, a, b, c] = pot.members.map((member) => member.id);
  const as = (user: User) => ({ ...bearer(user.session.accessToken), 'idempotency-key': randomUUID() });
  const nets = async () => {
    const balances = await api<{ positions: { memberId: string; netPence: number }[] }>(
      `/api/pots/${pot.id}/balances`,
      { headers: as(owner) },
    );
    const net = new Map(balances.body.positions.map((position) => [position.memberId, position.netPence]));
    return [a, b, c].map((id) => net.get(id));
  };
  return { pot, owner, users: { a: others[0], b: others[1], c: others[2] }, ids: { a, b, c }, as, nets };
}

describe('an expense that credits someone else', () => {
  it('POSTed with several payers waits for each member it credits, in turn', async () => {
    const t = await fourPeople();
    const rewrite = await api<Recorded>(`/api/pots/${t.pot.id}/expenses`, {
      method: 'POST',
      body: {
        description: 'Rewrite',
        amountPence: 400_001,
        paidFrom: 'member',
        payers: [
          { memberId: t.ids.a, amountPence: 400_000 },
          { memberId: t.ids.c, amountPence: 1 },
        ],
        split: { mode: 'equal', members: [{ memberId: t.ids.b }] },
      },
      headers: t.as(t.users.c),
    });
    expect(rewrite.status).toBe(201);
    expect(rewrite.body).toMatchObject({ status: 'pending', awaitingMemberId: t.ids.a });
    expect(await t.nets()).toEqual([0, 0, 0]);
    // A decides (or the owner): B, on whom it puts the bill, cannot make it count.
    const byB = await api(`/api/pots/${t.pot.id}/expenses/${rewrite.body.id}/confirm`, {
      method: 'POST',
      headers: t.as(t.users.b),
    });
    expect(byB.status).toBe(403);
    const byA = await api<Recorded>(`/api/pots/${t.pot.id}/expenses/${rewrite.body.id}/decline`, {
      method: 'POST',
      headers: t.as(t.users.a),
    });
    expect(byA.body.status).toBe('declined');
    expect(await t.nets()).toEqual([0, 0, 0]);

    // Two members credited: A confirms, then B; nothing moves until the last.
    const shared = await api<Recorded>(`/api/pots/${t.pot.id}/expenses`, {
      method: 'POST',
      body: {
        description: 'Cabin',
        amountPence: 9_000,
        paidFrom: 'member',
        payers: [
          { memberId: t.ids.a, amountPence: 6_000 },
          { memberId: t.ids.b, amountPence: 3_000 },
        ],
        split: { mode: 'equal', members: [{ memberId: t.ids.c }] },
      },
      headers: t.as(t.users.c),
    });
    expect(shared.body).toMatchObject({ status: 'pending', awaitingMemberId: t.ids.a });
    const confirm = (user: User) =>
      api<Recorded>(`/api/pots/${t.pot.id}/expenses/${shared.body.id}/confirm`, {
        method: 'POST',
        headers: t.as(user),
      });
    expect((await confirm(t.users.a)).body).toMatchObject({ status: 'pending', awaitingMemberId: t.ids.b });
    expect(await t.nets()).toEqual([0, 0, 0]);
    expect((await confirm(t.users.b)).body).toMatchObject({ status: 'confirmed', awaitingMemberId: null });
    expect(await t.nets()).toEqual([6_000, 3_000, -9_000]);
  });

  it("PATCHed onto C's own expense waits for A and takes back what it stood for", async () => {
    const t = await fourPeople();
    const own = await api<Recorded>(`/api/pots/${t.pot.id}/expenses`, {
      method: 'POST',
      body: {
        description: 'Taxi',
        amountPence: 1_000,
        paidFrom: 'member',
        payerMemberId: t.ids.c,
        split: { mode: 'equal', members: [{ memberId: t.ids.b }, { memberId: t.ids.c }] },
      },
      headers: t.as(t.users.c),
    });
    expect(own.body.status).toBe('confirmed');
    expect(await t.nets()).toEqual([0, -500, 500]);

    const edited = await api<Recorded>(`/api/pots/${t.pot.id}/expenses/${own.body.id}`, {
      method: 'PATCH',
      body: {
        amountPence: 400_001,
        payers: [
          { memberId: t.ids.a, amountPence: 400_000 },
          { memberId: t.ids.c, amountPence: 1 },
        ],
        split: { mode: 'equal', members: [{ memberId: t.ids.b }] },
      },
      headers: t.as(t.users.c),
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ status: 'pending', awaitingMemberId: t.ids.a });
    expect(await t.nets()).toEqual([0, 0, 0]);
  });

  it('once confirmed, only the owner can take back the credit it gives others: not its recorder', async () => {
    const t = await fourPeople();
    const cabin = await api<Recorded>(`/api/pots/${t.pot.id}/expenses`, {
      method: 'POST',
      body: {
        description: 'Cabin',
        amountPence: 9_000,
        paidFrom: 'member',
        payers: [{ memberId: t.ids.a, amountPence: 9_000 }],
        split: { mode: 'equal', members: [{ memberId: t.ids.b }, { memberId: t.ids.c }] },
      },
      headers: t.as(t.users.c),
    });
    await api(`/api/pots/${t.pot.id}/expenses/${cabin.body.id}/confirm`, {
      method: 'POST',
      headers: t.as(t.users.a),
    });
    expect(await t.nets()).toEqual([9_000, -4_500, -4_500]);
    const url = `/api/pots/${t.pot.id}/expenses/${cabin.body.id}`;

    const deleted = await api<{ title: string; detail: string }>(url, {
      method: 'DELETE',
      headers: t.as(t.users.c),
    });
    expect(deleted.status).toBe(409);
    expect(deleted.body.detail).toContain('money owed to Member 1, as confirmed');
    for (const body of [
      { amountPence: 1 },
      { payers: [{ memberId: t.ids.c, amountPence: 9_000 }] },
      { split: { mode: 'equal', members: [{ memberId: t.ids.a }] } },
    ]) {
      const changed = await api(url, { method: 'PATCH', body, headers: t.as(t.users.c) });
      expect(changed.status).toBe(409);
    }
    expect(await t.nets()).toEqual([9_000, -4_500, -4_500]);
    // What it moves is not touched by a new description, and the owner may still delete it.
    const renamed = await api<Recorded>(url, {
      method: 'PATCH',
      body: { description: 'Cabin (2 nights)' },
      headers: t.as(t.users.c),
    });
    expect(renamed.body).toMatchObject({ status: 'confirmed' });
    expect((await api(url, { method: 'DELETE', headers: t.as(t.owner) })).status).toBe(204);
    expect(await t.nets()).toEqual([0, 0, 0]);
  });
});
