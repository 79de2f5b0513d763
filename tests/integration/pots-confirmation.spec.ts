// Who may change who-owes-whom, through the gateway: nobody moves who-owes-whom by recording someone else's payment. Such a
// record is pending until that person (or the pot's owner) confirms it; declined, it never counts.
import { randomUUID } from 'node:crypto';

import { api, signUpUser } from '../support/api';
import { bearer, potWithMembers, type User } from '../support/pots';

interface Balances {
  positions: { memberId: string; netPence: number }[];
  plan: { fromMemberId: string; toMemberId: string; amountPence: number }[];
}

interface Recorded {
  id: string;
  status: 'confirmed' | 'pending' | 'declined';
  awaitingMemberId: string | null;
}

const MILLION = 100_000_000;

/** Olive (owner), Member 1 and Member 2; positions keyed owner, one, two. */
async function threePeople() {
  const { pot, owner, others } = await potWithMembers(2);
  const [ownerId, oneId, twoId] = pot.members.map((member) => member.id);
  const as = (user: User) => ({ ...bearer(user.session.accessToken), 'idempotency-key': randomUUID() });
  const nets = async () => {
    const balances = await api<Balances>(`/api/pots/${pot.id}/balances`, { headers: as(owner) });
    const net = new Map(balances.body.positions.map((position) => [position.memberId, position.netPence]));
    return { nets: [net.get(ownerId), net.get(oneId), net.get(twoId)], plan: balances.body.plan };
  };
  const expensePaidBy = (recorder: User, payerMemberId: string, amountPence = MILLION) =>
    api<Recorded>(`/api/pots/${pot.id}/expenses`, {
      method: 'POST',
      body: {
        description: 'Villa',
        amountPence,
        paidFrom: 'member',
        payerMemberId,
        split: { mode: 'equal', members: [{ memberId: ownerId }, { memberId: twoId }] },
      },
      headers: as(recorder),
    });
  const settlement = (recorder: User, fromMemberId: string, toMemberId: string) =>
    api<Recorded>(`/api/pots/${pot.id}/settlements`, {
      method: 'POST',
      body: { fromMemberId, toMemberId, amountPence: MILLION },
      headers: as(recorder),
    });
  const decide = (
    user: User,
    what: 'expenses' | 'settlements',
    id: string,
    decision: 'confirm' | 'decline',
  ) => api<Recorded>(`/api/pots/${pot.id}/${what}/${id}/${decision}`, { method: 'POST', headers: as(user) });
  const feed = async () =>
    (await api<{ summary: string }[]>(`/api/pots/${pot.id}/activity`, { headers: as(owner) })).body.map(
      (entry) => entry.summary,
    );
  return {
    pot,
    owner,
    one: others[0],
    two: others[1],
    ids: { ownerId, oneId, twoId },
    nets,
    expensePaidBy,
    settlement,
    decide,
    feed,
  };
}

const untouched = { nets: [0, 0, 0], plan: [] };

describe('who may change who-owes-whom', () => {
  it('a third member cannot record a payment between two others, nor make a claim for someone count', async () => {
    const t = await threePeople();
    const between = await t.settlement(t.two, t.ids.oneId, t.ids.ownerId);
    expect(between.status).toBe(403);
    const claim = await t.expensePaidBy(t.two, t.ids.oneId);
    expect(claim.status).toBe(201);
    expect(claim.body).toMatchObject({ status: 'pending', awaitingMemberId: t.ids.oneId });
    await expect(t.nets()).resolves.toEqual(untouched);
    // The member who made the claim cannot confirm it for the payer.
    expect((await t.decide(t.two, 'expenses', claim.body.id, 'confirm')).status).toBe(403);
    await expect(t.nets()).resolves.toEqual(untouched);
    expect((await t.feed())[0]).toBe(
      'Member 2 recorded that Member 1 paid £1,000,000.00 for "Villa" — waiting for Member 1 to confirm',
    );
  });

  it('a stranger gets 404 from the confirmation routes', async () => {
    const t = await threePeople();
    const claim = await t.expensePaidBy(t.two, t.ids.oneId);
    const stranger = bearer((await signUpUser()).session.accessToken);
    for (const decision of ['confirm', 'decline']) {
      const path = `/api/pots/${t.pot.id}/expenses/${claim.body.id}/${decision}`;
      expect((await api(path, { method: 'POST', headers: stranger })).status).toBe(404);
    }
    expect((await api(`/api/pots/${t.pot.id}/settlements`, { headers: stranger })).status).toBe(404);
    await expect(t.nets()).resolves.toEqual(untouched);
  });

  it('an expense paid by someone else counts once they confirm it', async () => {
    const t = await threePeople();
    const claim = await t.expensePaidBy(t.two, t.ids.oneId, 1000);
    const confirmed = await t.decide(t.one, 'expenses', claim.body.id, 'confirm');
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ status: 'confirmed', awaitingMemberId: null });
    const after = await t.nets();
    expect(after.nets).toEqual([-500, 1000, -500]);
    expect(after.plan).toHaveLength(2);
    // Confirming again changes nothing.
    expect((await t.decide(t.one, 'expenses', claim.body.id, 'confirm')).status).toBe(200);
    expect((await t.nets()).nets).toEqual([-500, 1000, -500]);
    expect((await t.feed())[0]).toBe('Member 1 confirmed that Member 1 paid £10.00 for "Villa"');
  });

  it('a declined record leaves positions unchanged for good', async () => {
    const t = await threePeople();
    const claim = await t.expensePaidBy(t.two, t.ids.oneId);
    expect((await t.decide(t.one, 'expenses', claim.body.id, 'decline')).body.status).toBe('declined');
    await expect(t.nets()).resolves.toEqual(untouched);
    expect((await t.decide(t.one, 'expenses', claim.body.id, 'confirm')).status).toBe(409);
    await expect(t.nets()).resolves.toEqual(untouched);
    const listed = await api<Recorded[]>(`/api/pots/${t.pot.id}/expenses`, {
      headers: bearer(t.owner.session.accessToken),
    });
    expect(listed.body).toEqual([]);
    expect((await t.feed())[0]).toBe(
      'Member 1 declined Member 2\'s record that Member 1 paid £1,000,000.00 for "Villa"',
    );
  });

  it('"I paid you £1,000,000" waits for the payee; the owner may confirm it instead', async () => {
    const t = await threePeople();
    const claim = await t.settlement(t.two, t.ids.twoId, t.ids.oneId);
    expect(claim.status).toBe(201);
    expect(claim.body).toMatchObject({ status: 'pending', awaitingMemberId: t.ids.oneId });
    await expect(t.nets()).resolves.toEqual(untouched);
    const pending = await api<Recorded[]>(`/api/pots/${t.pot.id}/settlements`, {
      headers: bearer(t.one.session.accessToken),
    });
    expect(pending.body.map((settlement) => [settlement.id, settlement.status])).toEqual([
      [claim.body.id, 'pending'],
    ]);
    expect((await t.decide(t.two, 'settlements', claim.body.id, 'confirm')).status).toBe(403);
    expect((await t.decide(t.owner, 'settlements', claim.body.id, 'confirm')).status).toBe(200);
    const after = await t.nets();
    expect(after.nets).toEqual([0, -MILLION, MILLION]);
    expect(after.plan).toEqual([
      { fromMemberId: t.ids.oneId, toMemberId: t.ids.twoId, amountPence: MILLION },
    ]);
    expect((await t.feed())[0]).toBe('Olive Owner confirmed that Member 2 paid Member 1 £1,000,000.00');
  });
});
