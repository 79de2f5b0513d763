// Money put into a pot counts for the person who put it in (docs/adr/0019-pot-money-belongs-to-its-members.md),
// through the gateway: a real card top-up on the Stripe sandbox's pay page, then a ferry the pot pays for.
import { randomUUID } from 'node:crypto';

import { api, eventually, signUpUser } from '../support/api';
import { verifyUser } from '../support/onboarding';
import { topUp } from '../support/payments';
import { bearer, joinPot, type PotDetail } from '../support/pots';

interface PotBalances {
  positions: { memberId: string; name: string; netPence: number; putInPence: number }[];
  plan: { fromMemberId: string; toMemberId: string; amountPence: number }[];
  potPlan: { memberId: string; direction: 'from_pot' | 'into_pot'; amountPence: number }[];
}

describe('money put into a pot counts for the person who put it in', () => {
  it("Ann's £30 pays for a £27 ferry shared by three: Ben and Cat each owe her £9, the pot's £3 is hers", async () => {
    const ann = await signUpUser({ fullName: 'Ann Archer' });
    const ben = await signUpUser({ fullName: 'Ben Baker' });
    const cat = await signUpUser({ fullName: 'Cat Carter' });
    const token = ann.session.accessToken;
    await verifyUser(token);
    const created = await api<PotDetail>('/api/pots', {
      method: 'POST',
      body: { name: 'Islands' },
      headers: bearer(token),
    });
    expect(created.status).toBe(201);
    const potId = created.body.id;
    await joinPot(potId, ann, ben);
    await joinPot(potId, ann, cat);
    const pot = await api<PotDetail>(`/api/pots/${potId}`, { headers: bearer(token) });
    const memberOf = (user: typeof ann) =>
      pot.body.members.find((member) => member.userId === user.session.user.id)?.id ?? '';
    const [annId, benId, catId] = [memberOf(ann), memberOf(ben), memberOf(cat)];

    await topUp(token, 3000, { type: 'pot', potId });
    const balances = () => api<PotBalances>(`/api/pots/${potId}/balances`, { headers: bearer(token) });
    // The top-up reaches pots as the ledger's event: Ann is owed her £30 (by the pot) once it has.
    await eventually(async () =>
      (await balances()).body.positions[0]?.netPence === 3000 ? true : undefined,
    );

    const ferry = await api(`/api/pots/${potId}/expenses`, {
      method: 'POST',
      body: {
        description: 'Ferry',
        amountPence: 2700,
        paidFrom: 'pot',
        split: { mode: 'equal', members: [annId, benId, catId].map((memberId) => ({ memberId })) },
      },
      headers: { ...bearer(token), 'idempotency-key': randomUUID() },
    });
    expect(ferry.status).toBe(201);

    // Once the ledger's debit has reached pots too, the positions add up to what the pot holds.
    const settled = await eventually(async () => {
      const [read, detail] = await Promise.all([
        balances(),
        api<PotDetail>(`/api/pots/${potId}`, { headers: bearer(token) }),
      ]);
      return detail.body.balancePence === 300 ? read.body : undefined;
    });
    expect(settled.positions).toEqual([
      { memberId: annId, name: 'Ann Archer', netPence: 2100, putInPence: 3000 },
      { memberId: benId, name: 'Ben Baker', netPence: -900, putInPence: 0 },
      { memberId: catId, name: 'Cat Carter', netPence: -900, putInPence: 0 },
    ]);
    expect([...settled.plan].sort((a, b) => a.fromMemberId.localeCompare(b.fromMemberId))).toEqual(
      [
        { fromMemberId: benId, toMemberId: annId, amountPence: 900 },
        { fromMemberId: catId, toMemberId: annId, amountPence: 900 },
      ].sort((a, b) => a.fromMemberId.localeCompare(b.fromMemberId)),
    );
    expect(settled.potPlan).toEqual([{ memberId: annId, direction: 'from_pot', amountPence: 300 }]);

    // Ben pays Ann back as the plan says: his position and hers move together; the pot's £3 is still hers.
    const paid = await api(`/api/pots/${potId}/settlements`, {
      method: 'POST',
      body: { fromMemberId: benId, toMemberId: annId, amountPence: 900, payWithKitty: false },
      headers: { ...bearer(ben.session.accessToken), 'idempotency-key': randomUUID() },
    });
    expect(paid.status).toBe(201);
    const confirmed = await api<{ id: string }[]>(`/api/pots/${potId}/settlements`, {
      headers: bearer(token),
    });
    const settlementId = confirmed.body[0]?.id;
    const confirm = await api(`/api/pots/${potId}/settlements/${settlementId}/confirm`, {
      method: 'POST',
      headers: bearer(token),
    });
    expect(confirm.status).toBe(200);
    const after = (await balances()).body;
    expect(after.positions.map(({ netPence }) => netPence)).toEqual([1200, 0, -900]);
    expect(after.plan).toEqual([{ fromMemberId: catId, toMemberId: annId, amountPence: 900 }]);
    expect(after.potPlan).toEqual([{ memberId: annId, direction: 'from_pot', amountPence: 300 }]);
  });
});
