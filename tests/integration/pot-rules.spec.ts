// Pot rules on the 3-replica stack: the owner chooses who may withdraw; a member's withdrawal
// above the approval amount waits, moving nothing, until another member approves (concurrent approvals on
// any replica pay out once) or declines; every withdrawal from the pot reaches its other members.
import { randomUUID } from 'node:crypto';

import { Pool } from 'pg';

import { api, eventually, signUpUser } from '../support/api';
import { closeAllLive, listenLive } from '../support/live';
import { distinctPhoneNumber, verifyUser } from '../support/onboarding';
import { topUp } from '../support/payments';
import { bearer, type PotDetail, potWithMembers, recordEqualExpense } from '../support/pots';

jest.setTimeout(180_000);
afterEach(closeAllLive);

const db = new Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
db.on('error', () => undefined);
afterAll(() => db.end());

interface Withdrawal {
  id: string;
  status: string;
  amountPence: number;
  failureReason: string | null;
}
interface Inbox {
  notifications: { kind: string; title: string; body: string; link: string }[];
}

const inboxOf = async (token: string) =>
  (await api<Inbox>('/api/notifications', { headers: bearer(token) })).body.notifications;

describe('pot rules', () => {
  it('lets only the owner set them, and a member withdraw as they say', async () => {
    const { pot, owner, others } = await potWithMembers(2, `Rules ${Date.now()}`);
    const [ben, cal] = others;
    const asOwner = bearer(owner.session.accessToken);
    const asBen = bearer(ben.session.accessToken);
    const asCal = bearer(cal.session.accessToken);
    const stranger = await signUpUser({ fullName: 'Stranger' });
    await Promise.all([verifyUser(owner.session.accessToken), verifyUser(ben.session.accessToken)]);
    await topUp(owner.session.accessToken, 5_000, { type: 'pot', potId: pot.id });
    const potBalance = async () =>
      (await api<PotDetail>(`/api/pots/${pot.id}`, { headers: asOwner })).body.balancePence;
    await eventually(async () => ((await potBalance()) === 5_000 ? true : undefined), 15_000);
    const withdraw = (amountPence: number) =>
      api<Withdrawal & { detail?: string }>('/api/withdrawals', {
        method: 'POST',
        body: { amountPence, source: { type: 'pot', potId: pot.id } },
        headers: { ...asBen, 'idempotency-key': randomUUID() },
      });

    // Today's rule: the owner alone withdraws.
    expect(pot.rules).toEqual({
      withdrawRule: 'owner',
      spendRule: 'members',
      approvalAbovePence: 5000,
      inviteRule: 'owner',
      simplifyDebts: true,
    });
    const refused = await withdraw(500);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe(
      "This pot's rules let only its owner withdraw. Ask the owner to change the pot rules.",
    );

    const rules = { withdrawRule: 'approval', spendRule: 'approval', approvalAbovePence: 1_000 };
    const patch = (headers: Record<string, string>, body: unknown) =>
      api<PotDetail>(`/api/pots/${pot.id}/rules`, { method: 'PATCH', body, headers });
    expect((await patch(asCal, rules)).status).toBe(403);
    expect((await patch(bearer(stranger.session.accessToken), rules)).status).toBe(404);
    expect((await patch(asOwner, { ...rules, approvalAbovePence: 50 })).status).toBe(400);
    expect((await patch(asOwner, { ...rules, isActive: false })).status).toBe(400);
    const changed = await patch(asOwner, rules);
    expect(changed.status).toBe(200);
    // Sent without inviteRule and simplifyDebts (as a client from before them would): they stay as they were.
    expect(changed.body.rules).toEqual({ ...rules, inviteRule: 'owner', simplifyDebts: true });
    const feed = await api<{ summary: string }[]>(`/api/pots/${pot.id}/activity`, { headers: asCal });
    expect(feed.body.map((entry) => entry.summary)).toContain(
      'Olive Owner changed the pot rules: withdrawals: any member, a second member approves above £10.00; ' +
        'card spending: any member, a second member approves above £10.00',
    );

    // At or below the amount: at once, and announced to the pot's other members.
    const small = await withdraw(1_000);
    expect(small.status).toBe(201);
    expect(small.body.status).toBe('pending');
    for (const token of [owner.session.accessToken, cal.session.accessToken]) {
      const told = await eventually(async () => {
        const found = (await inboxOf(token)).filter((n) => n.kind === 'pot_withdrawal');
        return found.length > 0 ? found : undefined;
      }, 20_000);
      expect(told).toEqual([
        expect.objectContaining({ title: 'Member 1 withdrew £10.00 to their bank', link: `/pot/${pot.id}` }),
      ]);
    }
    expect((await inboxOf(ben.session.accessToken)).filter((n) => n.kind === 'pot_withdrawal')).toEqual([]);

    // Above it: waits, moving nothing, and the others are asked.
    const bensOtherDevice = await listenLive(ben.session.accessToken);
    const askedAt = Date.now();
    const big = await withdraw(2_000);
    expect(big.status).toBe(201);
    expect(big.body.status).toBe('awaiting_approval');
    // The requester's other device re-reads the pot, whose waiting list now shows the request.
    await eventually(
      async () =>
        bensOtherDevice.changes.find(
          (change) =>
            change.receivedAt >= askedAt &&
            change.topics.includes('withdrawals') &&
            change.topics.includes(`pot:${pot.id}`),
        ),
      10_000,
    );
    await eventually(async () => ((await potBalance()) === 4_000 ? true : undefined), 15_000);
    const asked = await eventually(async () => {
      const found = (await inboxOf(cal.session.accessToken)).filter((n) => n.kind === 'withdrawal_approval');
      return found.length > 0 ? found : undefined;
    }, 20_000);
    expect(asked[0].title).toBe(`Member 1 asks to withdraw £20.00 from ${pot.name}`);
    const waiting = await api<{ id: string; requestedByYou: boolean }[]>(
      `/api/pots/${pot.id}/withdrawal-approvals`,
      { headers: asCal },
    );
    expect(waiting.body).toEqual([expect.objectContaining({ id: big.body.id, requestedByYou: false })]);
    expect(
      (
        await api(`/api/pots/${pot.id}/withdrawal-approvals`, {
          headers: bearer(stranger.session.accessToken),
        })
      ).status,
    ).toBe(404);
    expect(
      (await api(`/api/withdrawals/${big.body.id}/approve`, { method: 'POST', headers: asBen })).status,
    ).toBe(403);
    expect(
      (
        await api(`/api/withdrawals/${big.body.id}/approve`, {
          method: 'POST',
          headers: bearer(stranger.session.accessToken),
        })
      ).status,
    ).toBe(404);

    // Cal and the owner approve at once, several times, on whichever replicas: one payout.
    const approvals = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        api<Withdrawal>(`/api/withdrawals/${big.body.id}/approve`, {
          method: 'POST',
          headers: i % 2 ? asCal : asOwner,
        }),
      ),
    );
    for (const answer of approvals) {
      expect(answer.status).toBe(200);
      expect(answer.body.status === 'pending' || answer.body.status === 'paid').toBe(true);
    }
    const reservations = await db.query(
      `SELECT 1 FROM payments.ledger_transactions WHERE idempotency_key = $1`,
      [`withdrawal:${big.body.id}`],
    );
    expect(reservations.rowCount).toBe(1);
    await eventually(async () => ((await potBalance()) === 2_000 ? true : undefined), 15_000);
    const paid = await eventually(async () => {
      const list = (await api<Withdrawal[]>('/api/withdrawals', { headers: asBen })).body;
      const row = list.find((w) => w.id === big.body.id);
      return row?.status === 'paid' ? row : undefined;
    }, 30_000);
    expect(paid.amountPence).toBe(2_000);

    // A declined one moves nothing and cannot be approved afterwards; the requester is told.
    const declinedOne = await withdraw(1_500);
    const declined = await api<Withdrawal>(`/api/withdrawals/${declinedOne.body.id}/decline`, {
      method: 'POST',
      headers: asCal,
    });
    expect(declined.body).toMatchObject({ status: 'declined', failureReason: 'Declined by Member 2.' });
    const late = await api<{ detail: string }>(`/api/withdrawals/${declinedOne.body.id}/approve`, {
      method: 'POST',
      headers: asOwner,
    });
    expect(late.status).toBe(409);
    expect(late.body.detail).toBe('This withdrawal was declined.');
    expect(await potBalance()).toBe(2_000);

    // The requester may cancel their own while it waits; nobody else may.
    const cancelledOne = await withdraw(1_500);
    expect(
      (await api(`/api/withdrawals/${cancelledOne.body.id}/cancel`, { method: 'POST', headers: asCal }))
        .status,
    ).toBe(403);
    const cancelled = await api<Withdrawal>(`/api/withdrawals/${cancelledOne.body.id}/cancel`, {
      method: 'POST',
      headers: asBen,
    });
    expect(cancelled.body.status).toBe('cancelled');
    expect(
      (await api<unknown[]>(`/api/pots/${pot.id}/withdrawal-approvals`, { headers: asCal })).body,
    ).toEqual([]);
    // Decided or cancelled, nobody is asked any more: Cal's 'asks to withdraw' notifications are gone.
    await eventually(async () => {
      const asking = (await inboxOf(cal.session.accessToken)).filter((n) => n.kind === 'withdrawal_approval');
      return asking.length === 0 ? true : undefined;
    }, 20_000);
    // The requester is told of the decline under its own kind, not as a failed withdrawal.
    const toldBen = await eventually(async () => {
      const found = (await inboxOf(ben.session.accessToken)).filter((n) => n.kind === 'withdrawal_declined');
      return found.length > 0 ? found : undefined;
    }, 20_000);
    expect(toldBen[0].title).toBe('Member 2 declined your withdrawal of £15.00');
  });

  it("never lets the requester's own other account approve: the same phone number passed KYC on both", async () => {
    const { pot, owner, others } = await potWithMembers(2, `Own approval ${Date.now()}`);
    const [ben, benAgain] = others;
    const asOwner = bearer(owner.session.accessToken);
    const phone = distinctPhoneNumber();
    await Promise.all([
      verifyUser(owner.session.accessToken),
      verifyUser(ben.session.accessToken, phone),
      verifyUser(benAgain.session.accessToken, phone.replace(/ /g, '')),
    ]);
    await topUp(owner.session.accessToken, 5_000, { type: 'pot', potId: pot.id });
    await eventually(async () => {
      const { body } = await api<PotDetail>(`/api/pots/${pot.id}`, { headers: asOwner });
      return body.balancePence === 5_000 ? true : undefined;
    }, 15_000);
    const rules = { withdrawRule: 'approval', spendRule: 'members', approvalAbovePence: 1_000 };
    expect(
      (await api(`/api/pots/${pot.id}/rules`, { method: 'PATCH', body: rules, headers: asOwner })).status,
    ).toBe(200);

    const big = await api<Withdrawal>('/api/withdrawals', {
      method: 'POST',
      body: { amountPence: 2_000, source: { type: 'pot', potId: pot.id } },
      headers: { ...bearer(ben.session.accessToken), 'idempotency-key': randomUUID() },
    });
    expect(big.body.status).toBe('awaiting_approval');
    const byOwnOther = await api<{ detail: string }>(`/api/withdrawals/${big.body.id}/approve`, {
      method: 'POST',
      headers: bearer(benAgain.session.accessToken),
    });
    expect(byOwnOther.status).toBe(403);
    expect(byOwnOther.body.detail).toBe(
      'This withdrawal was asked for by your own other account: another member must approve it.',
    );
    // The owner is asked; Ben's other account is not.
    await eventually(async () => {
      const asked = (await inboxOf(owner.session.accessToken)).filter(
        (n) => n.kind === 'withdrawal_approval',
      );
      return asked.length > 0 ? asked : undefined;
    }, 20_000);
    expect(
      (await inboxOf(benAgain.session.accessToken)).filter((n) => n.kind === 'withdrawal_approval'),
    ).toEqual([]);
    const approved = await api<Withdrawal>(`/api/withdrawals/${big.body.id}/approve`, {
      method: 'POST',
      headers: asOwner,
    });
    expect(approved.status).toBe(200);
    expect(['pending', 'paid']).toContain(approved.body.status);
  });

  it("switches simplifying debts off for its owner only, and explains a transfer to the pot's members only", async () => {
    const { pot, owner, others } = await potWithMembers(2, `Direct ${Date.now()}`);
    const [olive, ben, cal] = pot.members.map((member) => member.id);
    const asOwner = bearer(owner.session.accessToken);
    const asBen = bearer(others[0].session.accessToken);
    const stranger = await signUpUser({ fullName: 'Stranger' });
    const spend = (description: string, payerMemberId: string, sharers: string[]) =>
      recordEqualExpense(pot.id, owner, { description, amountPence: 3_000, payerMemberId, sharers });
    await spend('Lunch', olive, [olive, ben]);
    await spend('Taxi', ben, [ben, cal]);
    const plan = async () =>
      (
        await api<{ plan: { fromMemberId: string; toMemberId: string; amountPence: number }[] }>(
          `/api/pots/${pot.id}/balances`,
          { headers: asBen },
        )
      ).body.plan;
    expect(await plan()).toEqual([{ fromMemberId: cal, toMemberId: olive, amountPence: 1_500 }]);

    const directly = {
      withdrawRule: 'owner',
      spendRule: 'members',
      approvalAbovePence: 5_000,
      simplifyDebts: false,
    };
    const patch = (headers: Record<string, string>, body: unknown) =>
      api(`/api/pots/${pot.id}/rules`, { method: 'PATCH', body, headers });
    expect((await patch(asBen, directly)).status).toBe(403);
    expect((await patch(asOwner, { ...directly, simplifyDebts: 'false' })).status).toBe(400);
    expect((await patch(asOwner, directly)).status).toBe(200);
    // Equal amounts come in the order of the (random) member ids.
    const direct = await plan();
    expect(direct).toHaveLength(2);
    expect(direct).toEqual(
      expect.arrayContaining([
        { fromMemberId: ben, toMemberId: olive, amountPence: 1_500 },
        { fromMemberId: cal, toMemberId: ben, amountPence: 1_500 },
      ]),
    );

    const explain = (headers: Record<string, string>, from: string, to: string) =>
      api<{ directPence: number; items: { description: string; amountPence: number }[] }>(
        `/api/pots/${pot.id}/plan/${from}/${to}/explanation`,
        { headers },
      );
    const why = await explain(asBen, ben, olive);
    expect(why.status).toBe(200);
    expect(why.body.directPence).toBe(1_500);
    expect(why.body.items.map(({ description, amountPence }) => [description, amountPence])).toEqual([
      ['Lunch', 1_500],
    ]);
    // Strangers learn nothing; ids that are not this pot's members, or not ids at all, are refused.
    expect((await explain(bearer(stranger.session.accessToken), ben, olive)).status).toBe(404);
    expect((await explain(asBen, ben, randomUUID())).status).toBe(404);
    expect((await explain(asBen, ben, ben)).status).toBe(404);
    expect((await explain(asBen, 'not-a-uuid', olive)).status).toBe(400);
    expect((await explain(asBen, `${ben}%2F..`, olive)).status).toBe(400);
  });
});
