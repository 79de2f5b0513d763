// Guests through the gateway on the 3-replica stack: the owner adds one with an e-mail, an
// expense is shared with them, and when they sign up with that e-mail and join, the guest's place — and
// what they owe — is theirs. Strangers cannot add guests; malformed bodies are refused.
import { randomUUID } from 'node:crypto';

import { api, signUpUser, uniqueEmail } from '../support/api';
import { bearer, joinPot, type PotDetail, potWithMembers, recordEqualExpense } from '../support/pots';

jest.setTimeout(120_000);

interface Member {
  id: string;
  userId: string | null;
  name: string;
  email: string;
  role: string;
}

describe('guests', () => {
  it('share expenses before they join, and become the member who joins with their e-mail', async () => {
    const { pot, owner } = await potWithMembers(0, `Guests ${Date.now()}`);
    const asOwner = bearer(owner.session.accessToken);
    const samEmail = uniqueEmail('sam');
    const added = await api<Member>(`/api/pots/${pot.id}/guests`, {
      method: 'POST',
      body: { name: 'Sam', email: samEmail.toUpperCase() },
      headers: asOwner,
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ userId: null, name: 'Sam', email: samEmail, role: 'guest' });

    const ownerId = pot.members[0].id;
    await recordEqualExpense(pot.id, owner, {
      description: 'Concert tickets',
      amountPence: 9_000,
      payerMemberId: ownerId,
      sharers: [ownerId, added.body.id],
    });

    const sam = await signUpUser({ fullName: 'Sam Lee', email: samEmail });
    await joinPot(pot.id, owner, sam);
    const asSam = bearer(sam.session.accessToken);
    const detail = await api<PotDetail & { members: Member[] }>(`/api/pots/${pot.id}`, { headers: asSam });
    expect(detail.body.members.map(({ id, name, role }) => [id, name, role])).toEqual([
      [ownerId, 'Olive Owner', 'owner'],
      [added.body.id, 'Sam Lee', 'member'],
    ]);
    const balances = await api<{ positions: { memberId: string; netPence: number }[] }>(
      `/api/pots/${pot.id}/balances`,
      { headers: asSam },
    );
    expect(balances.body.positions).toEqual([
      { memberId: ownerId, name: 'Olive Owner', netPence: 4_500, putInPence: 0 },
      { memberId: added.body.id, name: 'Sam Lee', netPence: -4_500, putInPence: 0 },
    ]);
  });

  it('are added only by those who may invite, with a clean name and e-mail', async () => {
    const { pot, owner, others } = await potWithMembers(1, `Guest guard ${Date.now()}`);
    const stranger = await signUpUser({ fullName: 'Stranger' });
    const add = (headers: Record<string, string>, body: unknown, potId = pot.id) =>
      api(`/api/pots/${potId}/guests`, { method: 'POST', body, headers });
    const asOwner = bearer(owner.session.accessToken);

    expect((await add(bearer(stranger.session.accessToken), { name: 'Eve' })).status).toBe(404);
    expect((await add(bearer(others[0].session.accessToken), { name: 'Eve' })).status).toBe(403);
    expect((await add(asOwner, { name: 'Eve' }, 'not-a-uuid')).status).toBe(400);
    for (const body of [
      {},
      { name: '' },
      { name: '   ' },
      { name: 42 },
      { name: ['Eve'] },
      { name: 'Eve\u0000' },
      { name: 'Eve\u202e' },
      { name: 'x'.repeat(121) },
      { name: 'Eve', email: 'not-an-email' },
      { name: 'Eve', email: 7 },
      { name: 'Eve', userId: randomUUID() },
      { name: 'Eve', role: 'owner' },
    ]) {
      expect({ body, status: (await add(asOwner, body)).status }).toEqual({ body, status: 400 });
    }
    expect((await add(asOwner, { name: 'Eve' })).status).toBe(201);
    expect((await add(asOwner, { name: 'EVE' })).status).toBe(409);
    expect((await add(asOwner, { name: 'Olive Owner' })).status).toBe(409);
  });
});
