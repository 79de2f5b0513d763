// Correcting and undoing a recorded payment through the gateway on the 3-replica stack:
// positions follow, the feed records both, only its two people or the owner may, an undo repeats safely.
import { randomUUID } from 'node:crypto';

import { api } from '../support/api';
import { bearer, potWithMembers } from '../support/pots';

interface Balances {
  positions: { memberId: string; netPence: number }[];
}

describe('changing a recorded payment', () => {
  it('corrects and undoes it; positions, plan and feed follow; strangers and bystanders are refused', async () => {
    const { pot, owner, others } = await potWithMembers(2, `Repaid ${Date.now()}`);
    const [ownerId, oneId, twoId] = pot.members.map((member) => member.id);
    const [one, two] = others;
    const asOwner = bearer(owner.session.accessToken);
    const expense = await api(`/api/pots/${pot.id}/expenses`, {
      method: 'POST',
      body: {
        description: 'Tickets',
        amountPence: 6_000,
        paidFrom: 'member',
        payerMemberId: ownerId,
        split: { mode: 'equal', members: [{ memberId: ownerId }, { memberId: oneId }, { memberId: twoId }] },
      },
      headers: { ...asOwner, 'idempotency-key': randomUUID() },
    });
    expect(expense.status).toBe(201);
    // The owner records Member 1's £15 repayment of their £20: it counts at once.
    const paid = await api<{ id: string; status: string }>(`/api/pots/${pot.id}/settlements`, {
      method: 'POST',
      body: { fromMemberId: oneId, toMemberId: ownerId, amountPence: 1_500 },
      headers: { ...asOwner, 'idempotency-key': randomUUID() },
    });
    expect(paid.body.status).toBe('confirmed');
    const net = async (memberId: string) =>
      (await api<Balances>(`/api/pots/${pot.id}/balances`, { headers: asOwner })).body.positions.find(
        (position) => position.memberId === memberId,
      )?.netPence;
    expect(await net(oneId)).toBe(-500);

    const path = `/api/pots/${pot.id}/settlements/${paid.body.id}`;
    const change = (token: string, body: unknown) =>
      api<{ amountPence: number }>(path, { method: 'PATCH', body, headers: bearer(token) });
    expect((await change(two.session.accessToken, { amountPence: 2_000 })).status).toBe(403);
    expect((await change(one.session.accessToken, { amountPence: 0 })).status).toBe(400);
    expect((await change(one.session.accessToken, { amountPence: 2_000, status: 'confirmed' })).status).toBe(
      400,
    );
    const corrected = await change(one.session.accessToken, { amountPence: 2_000 });
    expect(corrected.status).toBe(200);
    expect(corrected.body.amountPence).toBe(2_000);
    expect(await net(oneId)).toBe(0);

    const { owner: stranger } = await potWithMembers(0, 'Elsewhere');
    const undo = (token: string) => api(path, { method: 'DELETE', headers: bearer(token) });
    expect((await undo(stranger.session.accessToken)).status).toBe(404);
    expect((await undo(two.session.accessToken)).status).toBe(403);
    const undos = await Promise.all([undo(owner.session.accessToken), undo(one.session.accessToken)]);
    expect(undos.map((answer) => answer.status)).toEqual([204, 204]);
    expect(await net(oneId)).toBe(-2_000);
    expect((await change(owner.session.accessToken, { amountPence: 100 })).status).toBe(404);
    const settlements = await api<unknown[]>(`/api/pots/${pot.id}/settlements`, { headers: asOwner });
    expect(settlements.body).toEqual([]);
    // The export is what another app will rebuild balances from: an undone payment is not in it.
    const exported = await api<string>(`/api/pots/${pot.id}/export.csv`, { headers: asOwner });
    const rows = exported.body.trim().split('\r\n').slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(/,Tickets,/);

    const feed = await api<{ summary: string }[]>(`/api/pots/${pot.id}/activity`, { headers: asOwner });
    const summaries = feed.body.map((entry) => entry.summary);
    expect(summaries).toContain('Member 1 changed "Member 1 paid Olive Owner" from £15.00 to £20.00');
    expect(
      summaries.filter((summary) => summary.includes('undid "Member 1 paid Olive Owner £20.00"')),
    ).toHaveLength(1);
  }, 60_000);
});
