// Itemised bills in another currency on the 3-replica stack: a euro restaurant bill with
// lines, who shared each and service, converted at the payer's rate; the pot's balances stay in pounds and
// the expense keeps its lines and euros; amounts that disagree are refused with the reason.
import { randomUUID } from 'node:crypto';

import { api } from '../support/api';
import { bearer, potWithMembers } from '../support/pots';

interface Expense {
  id: string;
  amountPence: number;
  splitMode: string;
  shares: { memberId: string; amountPence: number }[];
  original: { currency: string; amountMinor: number; rate: string | null } | null;
  items: {
    lines: { description: string; amount: number }[];
    extras: { kind: string; amount: number }[];
    total: number;
  } | null;
}

describe('itemised bills in other currencies', () => {
  it('shares the pounds by the lines, keeps the euros beside them, and refuses amounts that disagree', async () => {
    const { pot, owner, others } = await potWithMembers(2, `Lyon ${Date.now()}`);
    const [ann, ben, cat] = pot.members.map((member) => member.id);
    // Pizza €30 for Ann and Ben, salad €12 for Cat, 12.5% service: €47.25, £40.54 at £0.858.
    const body = {
      description: 'Dinner in Lyon',
      amountPence: 4054,
      paidFrom: 'member',
      payerMemberId: ann,
      category: 'food',
      original: { currency: 'EUR', amountMinor: 4725, rate: '0.858' },
      split: {
        mode: 'itemised',
        members: [ann, ben, cat].map((memberId) => ({ memberId })),
        items: {
          lines: [
            { description: 'Pizza', amount: 3000, memberIds: [ann, ben] },
            { description: 'Salad', amount: 1200, memberIds: [cat] },
          ],
          extras: [{ kind: 'service', basisPoints: 1250 }],
        },
      },
    };
    const post = (request: unknown) =>
      api<Expense>(`/api/pots/${pot.id}/expenses`, {
        method: 'POST',
        body: request,
        headers: { ...bearer(owner.session.accessToken), 'idempotency-key': randomUUID() },
      });

    const created = await post(body);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      amountPence: 4054,
      splitMode: 'itemised',
      original: { currency: 'EUR', amountMinor: 4725, rate: '0.858' },
      items: { extras: [{ kind: 'service', amount: 525 }], total: 4725 },
    });
    expect(created.body.shares.map((share) => share.amountPence)).toEqual([1448, 1448, 1158]);

    // Read through another replica by another member: the lines and the euros are there, balances in pounds.
    const listed = await api<Expense[]>(`/api/pots/${pot.id}/expenses`, {
      headers: bearer(others[1].session.accessToken),
    });
    expect(listed.body.find((expense) => expense.id === created.body.id)?.items?.lines).toEqual([
      expect.objectContaining({ description: 'Pizza', amount: 3000 }),
      expect.objectContaining({ description: 'Salad', amount: 1200 }),
    ]);
    const balances = await api<{ positions: { memberId: string; netPence: number }[] }>(
      `/api/pots/${pot.id}/balances`,
      { headers: bearer(others[0].session.accessToken) },
    );
    expect(balances.body.positions.map((position) => position.netPence)).toEqual([4054 - 1448, -1448, -1158]);

    const wrongRate = await post({ ...body, amountPence: 4000 });
    expect(wrongRate.status).toBe(400);
    expect(JSON.stringify(wrongRate.body)).toContain('At £0.858 per €1.00, €47.25 is £40.54, not £40.00.');
    const shortBill = await post({ ...body, original: { currency: 'EUR', amountMinor: 5000 } });
    expect(shortBill.status).toBe(400);
    expect(JSON.stringify(shortBill.body)).toContain(
      "The lines with tax and service come to €47.25, not the expense's €50.00.",
    );
  });
});
