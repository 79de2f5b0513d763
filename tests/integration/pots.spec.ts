import { randomUUID } from 'node:crypto';

import { api, eventually, MAILDEV_URL, signUpUser } from '../support/api';
import { type MaildevEmail, mailTo } from '../support/maildev';
import { verifyUser } from '../support/onboarding';
import { topUp } from '../support/payments';
import { bearer, invite, type PotDetail, potWithMembers } from '../support/pots';

interface Problem {
  status: number;
  title: string;
  detail?: string;
  errors?: { field: string; message: string }[];
}

interface Balances {
  positions: { memberId: string; netPence: number }[];
  plan: { fromMemberId: string; toMemberId: string; amountPence: number }[];
}

const ZERO_UUID = '00000000-0000-4000-8000-000000000000';

describe('creating pots', () => {
  it('creates a pot with the spec description, lists it newest first, and keeps the first pot the active one', async () => {
    const { session } = await signUpUser();
    const auth = bearer(session.accessToken);
    const first = await api<PotDetail>('/api/pots', {
      method: 'POST',
      body: { name: 'First' },
      headers: auth,
    });
    const second = await api<PotDetail>('/api/pots', {
      method: 'POST',
      body: { name: '  Lisbon  ', location: 'Lisbon', startDate: '2026-12-01', endDate: '2026-12-08' },
      headers: auth,
    });
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({
      name: 'Lisbon',
      description: 'Location: Lisbon | 1–8 Dec 2026',
      balancePence: 0,
      currency: 'GBP',
      isActive: true,
    });
    expect(first.body.description).toBeNull();
    expect(second.body.members).toEqual([
      expect.objectContaining({ role: 'owner', userId: session.user.id }),
    ]);

    const list = await api<PotDetail[]>('/api/pots', { headers: auth });
    expect(list.body.map((pot) => pot.name)).toEqual(['Lisbon', 'First']);
    // A new pot is empty: the card keeps spending from the active pot until the user chooses another.
    const active = await api<{ potId: string }>('/api/active-pot', { headers: auth });
    expect(active.body.potId).toBe(first.body.id);
  });

  it("rejects a blank name with the spec's message", async () => {
    const { session } = await signUpUser();
    const response = await api<Problem>('/api/pots', {
      method: 'POST',
      body: { name: '   ' },
      headers: bearer(session.accessToken),
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toContainEqual({ field: 'name', message: 'Please enter a pot name.' });
  });

  it('e-mails an invitation to each member listed on the form', async () => {
    const { session } = await signUpUser({ fullName: 'Ivy Inviter' });
    const invitee = `invitee-${Date.now()}@example.com`;
    await api('/api/pots', {
      method: 'POST',
      body: { name: 'Flat 4B', members: [{ name: 'Nina', email: invitee }] },
      headers: bearer(session.accessToken),
    });
    const email = await mailTo(invitee);
    expect(email.subject).toBe('Ivy Inviter invited you to the pot "Flat 4B" on Kitty');
    expect(email.html).toMatch(/\/invite\/[A-Za-z0-9_-]{43}/);
  });
});

describe('invitations', () => {
  it('are single use, previewable and revocable', async () => {
    const { pot, owner } = await potWithMembers(0);
    const token = await invite(pot.id, owner);
    expect((await api<{ status: string }>(`/api/invitations/${token}`)).body).toMatchObject({
      status: 'pending',
      potName: 'Trip',
      inviterName: 'Olive Owner',
    });
    const first = await signUpUser();
    const second = await signUpUser();
    const accept = (user: typeof first) =>
      api<Problem>(`/api/invitations/${token}/accept`, {
        method: 'POST',
        headers: bearer(user.session.accessToken),
      });
    expect((await accept(first)).status).toBe(200);
    const reused = await accept(second);
    expect(reused.status).toBe(410);
    expect(reused.body.detail).toBe('This invitation has already been used.');
    expect((await api<{ status: string }>(`/api/invitations/${token}`)).body.status).toBe('accepted');

    const revokedToken = await invite(pot.id, owner, 'late@example.com');
    const detail = await api<PotDetail & { pendingInvitations: { id: string; email: string }[] }>(
      `/api/pots/${pot.id}`,
      {
        headers: bearer(owner.session.accessToken),
      },
    );
    const pending = detail.body.pendingInvitations.find(
      (invitation) => invitation.email === 'late@example.com',
    )!;
    const revoke = await api(`/api/pots/${pot.id}/invitations/${pending.id}`, {
      method: 'DELETE',
      headers: bearer(owner.session.accessToken),
    });
    expect(revoke.status).toBe(204);
    const afterRevoke = await accept({ ...second });
    expect(afterRevoke.status).toBe(410);
    expect((await api<{ status: string }>(`/api/invitations/${revokedToken}`)).body.status).toBe('revoked');
  });

  it('answers 404 for an unknown token and 400 for a malformed one', async () => {
    expect((await api(`/api/invitations/${'A'.repeat(43)}`)).status).toBe(404);
    expect((await api('/api/invitations/not-a-token')).status).toBe(400);
  });
});

describe('expenses and who owes whom', () => {
  it('splits equally with exact pennies and keeps positions and the plan in step', async () => {
    const { pot, owner, others } = await potWithMembers(2);
    const [a, b, c] = pot.members.map((member) => member.id);
    const expense = await api<{ shares: { amountPence: number }[] }>(`/api/pots/${pot.id}/expenses`, {
      method: 'POST',
      body: {
        description: 'Dinner',
        amountPence: 10_000,
        paidFrom: 'member',
        payerMemberId: a,
        split: { mode: 'equal', members: [{ memberId: a }, { memberId: b }, { memberId: c }] },
      },
      headers: { ...bearer(owner.session.accessToken), 'idempotency-key': randomUUID() },
    });
    expect(expense.status).toBe(201);
    expect(expense.body.shares.map((share) => share.amountPence)).toEqual([3334, 3333, 3333]);

    const balances = await api<Balances>(`/api/pots/${pot.id}/balances`, {
      headers: bearer(others[0].session.accessToken),
    });
    expect(Object.fromEntries(balances.body.positions.map((p) => [p.memberId, p.netPence]))).toEqual({
      [a]: 6666,
      [b]: -3333,
      [c]: -3333,
    });
    expect(balances.body.plan).toHaveLength(2);
    expect(balances.body.plan.every((transfer) => transfer.toMemberId === a)).toBe(true);

    const repaid = await api<{ id: string }>(`/api/pots/${pot.id}/settlements`, {
      method: 'POST',
      body: { fromMemberId: b, toMemberId: a, amountPence: 3333 },
      headers: { ...bearer(others[0].session.accessToken), 'idempotency-key': randomUUID() },
    });
    // Recorded by the payer, it counts once the payee confirms it.
    await api(`/api/pots/${pot.id}/settlements/${repaid.body.id}/confirm`, {
      method: 'POST',
      headers: bearer(owner.session.accessToken),
    });
    const after = await api<Balances>(`/api/pots/${pot.id}/balances`, {
      headers: bearer(owner.session.accessToken),
    });
    expect(after.body.plan).toEqual([{ fromMemberId: c, toMemberId: a, amountPence: 3333 }]);
  });

  it('keeps the rest of the plan when someone repays part of what they owe', async () => {
    const { pot, owner } = await potWithMembers(3);
    const [a, b, c, d] = pot.members.map((member) => member.id);
    const expense = (payer: string, amountPence: number) =>
      api(`/api/pots/${pot.id}/expenses`, {
        method: 'POST',
        body: {
          description: 'Shared',
          amountPence,
          paidFrom: 'member',
          payerMemberId: payer,
          split: { mode: 'equal', members: [a, b, c, d].map((memberId) => ({ memberId })) },
        },
        headers: { ...bearer(owner.session.accessToken), 'idempotency-key': randomUUID() },
      });
    await expense(a, 12_000);
    await expense(b, 4_000);
    const before = await api<Balances>(`/api/pots/${pot.id}/balances`, {
      headers: bearer(owner.session.accessToken),
    });
    const [first, ...rest] = before.body.plan;
    await api(`/api/pots/${pot.id}/settlements`, {
      method: 'POST',
      body: { fromMemberId: first.fromMemberId, toMemberId: first.toMemberId, amountPence: 100 },
      headers: { ...bearer(owner.session.accessToken), 'idempotency-key': randomUUID() },
    });
    const after = await api<Balances>(`/api/pots/${pot.id}/balances`, {
      headers: bearer(owner.session.accessToken),
    });
    expect(after.body.plan).toEqual(
      expect.arrayContaining([{ ...first, amountPence: first.amountPence - 100 }, ...rest]),
    );
    expect(after.body.plan).toHaveLength(before.body.plan.length);
  });

  it('supports exact, percentage and share splits and refuses ones that do not add up', async () => {
    const { pot, owner } = await potWithMembers(1);
    const [a, b] = pot.members.map((member) => member.id);
    const post = (split: unknown, amountPence = 1000) =>
      api<Problem & { shares: { amountPence: number }[] }>(`/api/pots/${pot.id}/expenses`, {
        method: 'POST',
        body: { description: 'Split', amountPence, paidFrom: 'member', payerMemberId: a, split },
        headers: { ...bearer(owner.session.accessToken), 'idempotency-key': randomUUID() },
      });
    const amounts = async (split: unknown, total?: number) =>
      (await post(split, total)).body.shares.map((s) => s.amountPence);
    expect(
      await amounts({
        mode: 'exact',
        members: [
          { memberId: a, value: 250 },
          { memberId: b, value: 750 },
        ],
      }),
    ).toEqual([250, 750]);
    expect(
      await amounts(
        {
          mode: 'percent',
          members: [
            { memberId: a, value: 3333 },
            { memberId: b, value: 6667 },
          ],
        },
        1001,
      ),
    ).toEqual([334, 667]);
    expect(
      await amounts({
        mode: 'shares',
        members: [
          { memberId: a, value: 1 },
          { memberId: b, value: 2 },
        ],
      }),
    ).toEqual([333, 667]);
    const wrong = await post({
      mode: 'exact',
      members: [
        { memberId: a, value: 1 },
        { memberId: b, value: 2 },
      ],
    });
    expect(wrong.status).toBe(400);
    expect((await post({ mode: 'equal', members: [{ memberId: ZERO_UUID }] })).status).toBe(400);
  });

  it("validates with the spec's messages", async () => {
    const { pot, owner } = await potWithMembers(0);
    const response = await api<Problem>(`/api/pots/${pot.id}/expenses`, {
      method: 'POST',
      body: {
        description: ' ',
        amountPence: 0,
        paidFrom: 'pot',
        split: { mode: 'equal', members: [{ memberId: pot.yourMemberId }] },
      },
      headers: { ...bearer(owner.session.accessToken), 'idempotency-key': randomUUID() },
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'description', message: 'Please provide a description for this expense.' },
        { field: 'amountPence', message: 'Invalid amount' },
      ]),
    );
  });

  it('lets only the creator or the owner edit or delete an expense, and undoes its effect on delete', async () => {
    const { pot, owner, others } = await potWithMembers(2);
    const [a, b, c] = pot.members.map((member) => member.id);
    const created = await api<{ id: string }>(`/api/pots/${pot.id}/expenses`, {
      method: 'POST',
      body: {
        description: 'Fuel',
        amountPence: 600,
        paidFrom: 'member',
        payerMemberId: b,
        split: { mode: 'equal', members: [{ memberId: b }, { memberId: c }] },
      },
      headers: { ...bearer(others[0].session.accessToken), 'idempotency-key': randomUUID() },
    });
    const path = `/api/pots/${pot.id}/expenses/${created.body.id}`;
    expect(
      (
        await api(path, {
          method: 'PATCH',
          body: { amountPence: 800 },
          headers: bearer(others[1].session.accessToken),
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await api(path, {
          method: 'PATCH',
          body: { amountPence: 800 },
          headers: bearer(owner.session.accessToken),
        })
      ).status,
    ).toBe(200);
    // What a member paid themselves counts in the quick stats and as their 'put in', edits included.
    const detail = async () =>
      (await api<PotDetail>(`/api/pots/${pot.id}`, { headers: bearer(owner.session.accessToken) })).body;
    const paid = (read: PotDetail) =>
      Object.fromEntries(read.contributions.map((member) => [member.memberId, member.paidPence]));
    let read = await detail();
    expect(read.stats).toEqual({
      totalTransactions: 1,
      totalAddedPence: 0,
      totalSpentPence: 800,
      paidByMembersPence: 800,
    });
    expect(paid(read)).toEqual({ [a]: 0, [b]: 800, [c]: 0 });
    // Recorded without a category: 'other'; a category outside the list is refused; an edit moves it.
    expect(read.spendingByCategory).toEqual([{ category: 'other', amountPence: 800 }]);
    for (const category of ['fuel', 'Transport', '']) {
      const refused = await api<Problem>(path, {
        method: 'PATCH',
        body: { category },
        headers: bearer(owner.session.accessToken),
      });
      expect(refused.status).toBe(400);
    }
    const moved = await api<{ category: string }>(path, {
      method: 'PATCH',
      body: { category: 'transport' },
      headers: bearer(owner.session.accessToken),
    });
    expect(moved.body.category).toBe('transport');
    read = await detail();
    expect(read.spendingByCategory).toEqual([{ category: 'transport', amountPence: 800 }]);
    let balances = await api<Balances>(`/api/pots/${pot.id}/balances`, {
      headers: bearer(owner.session.accessToken),
    });
    expect(Object.fromEntries(balances.body.positions.map((p) => [p.memberId, p.netPence]))).toEqual({
      [a]: 0,
      [b]: 400,
      [c]: -400,
    });
    expect(
      (await api(path, { method: 'DELETE', headers: bearer(others[0].session.accessToken) })).status,
    ).toBe(204);
    balances = await api<Balances>(`/api/pots/${pot.id}/balances`, {
      headers: bearer(owner.session.accessToken),
    });
    expect(balances.body.positions.every((p) => p.netPence === 0)).toBe(true);
    read = await detail();
    expect(read.stats).toMatchObject({ totalTransactions: 0, totalSpentPence: 0, paidByMembersPence: 0 });
    expect(paid(read)).toEqual({ [a]: 0, [b]: 0, [c]: 0 });

    const activity = await api<{ summary: string }[]>(`/api/pots/${pot.id}/activity`, {
      headers: bearer(owner.session.accessToken),
    });
    expect(activity.body.slice(0, 4).map((entry) => entry.summary)).toEqual([
      'Member 1 deleted "Fuel" (£8.00)',
      // The category change, named (the refused ones wrote nothing).
      'Olive Owner edited "Fuel": Other → Transport',
      'Olive Owner edited "Fuel": £6.00 → £8.00; Member 1\'s share £3.00 → £4.00; Member 2\'s share £3.00 → £4.00',
      'Member 1 added "Fuel" (£6.00)',
    ]);
  });

  it('takes several payers: each credited what they paid, edits move it, strangers refused', async () => {
    const { pot, owner, others } = await potWithMembers(2);
    const [a, b, c] = pot.members.map((member) => member.id);
    const auth = bearer(owner.session.accessToken);
    const dinner = (payers: { memberId: string; amountPence: number }[], amountPence = 10_000) => ({
      description: 'Dinner',
      amountPence,
      paidFrom: 'member',
      payers,
      split: { mode: 'shares', members: [a, b, c].map((memberId) => ({ memberId, value: 1 })) },
    });
    const record = (body: object) =>
      api<Problem & { id: string; payers: { memberId: string; amountPence: number }[] }>(
        `/api/pots/${pot.id}/expenses`,
        { method: 'POST', body, headers: { ...auth, 'idempotency-key': randomUUID() } },
      );
    const nets = async () => {
      const balances = await api<Balances>(`/api/pots/${pot.id}/balances`, { headers: auth });
      return Object.fromEntries(balances.body.positions.map((p) => [p.memberId, p.netPence]));
    };

    const stranger = await potWithMembers(0);
    const refusals: [object, string][] = [
      [
        dinner([
          { memberId: a, amountPence: 6000 },
          { memberId: stranger.pot.members[0].id, amountPence: 4000 },
        ]),
        'Everyone who paid must be a member of this pot.',
      ],
      [
        dinner([
          { memberId: a, amountPence: 6000 },
          { memberId: b, amountPence: 3000 },
        ]),
        "What each person paid adds up to £90.00, not the expense's £100.00.",
      ],
      [
        dinner([
          { memberId: a, amountPence: 5000 },
          { memberId: a, amountPence: 5000 },
        ]),
        'Each person can be named only once among those who paid.',
      ],
    ];
    for (const [body, message] of refusals) {
      const refused = await record(body);
      expect(refused.status).toBe(400);
      expect([refused.body.detail, ...(refused.body.errors ?? []).map((error) => error.message)]).toContain(
        message,
      );
    }
    expect(await nets()).toEqual({ [a]: 0, [b]: 0, [c]: 0 });

    const created = await record(
      dinner([
        { memberId: a, amountPence: 6000 },
        { memberId: b, amountPence: 4000 },
      ]),
    );
    expect(created.status).toBe(201);
    expect(created.body.payers).toEqual([
      { memberId: a, name: 'Olive Owner', amountPence: 6000 },
      { memberId: b, name: 'Member 1', amountPence: 4000 },
    ]);
    expect(await nets()).toEqual({ [a]: 2666, [b]: 667, [c]: -3333 });
    const balances = await api<Balances>(`/api/pots/${pot.id}/balances`, { headers: auth });
    expect(balances.body.plan).toEqual(
      expect.arrayContaining([
        { fromMemberId: c, toMemberId: a, amountPence: 2666 },
        { fromMemberId: c, toMemberId: b, amountPence: 667 },
      ]),
    );
    const detail = await api<PotDetail>(`/api/pots/${pot.id}`, { headers: auth });
    expect(detail.body.stats).toMatchObject({ totalTransactions: 1, paidByMembersPence: 10_000 });
    expect(Object.fromEntries(detail.body.contributions.map((m) => [m.memberId, m.paidPence]))).toEqual({
      [a]: 6000,
      [b]: 4000,
      [c]: 0,
    });

    // Member 2 now paid £30 of £120 beside Member 1's £90; Olive nothing.
    const path = `/api/pots/${pot.id}/expenses/${created.body.id}`;
    const edited = await api<Problem>(path, {
      method: 'PATCH',
      body: {
        amountPence: 12_000,
        payers: [
          { memberId: b, amountPence: 9000 },
          { memberId: c, amountPence: 3000 },
        ],
      },
      headers: auth,
    });
    expect(edited.status).toBe(200);
    expect(await nets()).toEqual({ [a]: -4000, [b]: 5000, [c]: -1000 });
    // A new amount alone does not say who paid what of it.
    const unsaid = await api<Problem>(path, {
      method: 'PATCH',
      body: { amountPence: 15_000 },
      headers: auth,
    });
    expect(unsaid.status).toBe(400);
    expect(unsaid.body.detail).toBe('The amount changed: say how much each person paid of it.');

    // The single payer field still works, beside the new one.
    const single = await record({ ...dinner([]), payers: undefined, payerMemberId: c });
    expect(single.status).toBe(201);
    expect(single.body.payers).toEqual([{ memberId: c, name: 'Member 2', amountPence: 10_000 }]);
    expect(await nets()).toEqual({ [a]: -4000 - 3334, [b]: 5000 - 3333, [c]: -1000 + 6667 });

    expect((await api(path, { method: 'DELETE', headers: bearer(owner.session.accessToken) })).status).toBe(
      204,
    );
    expect(await nets()).toEqual({ [a]: -3334, [b]: -3333, [c]: 6667 });
    const list = await api<{ payers: unknown[] }[]>(`/api/pots/${pot.id}/expenses`, {
      headers: bearer(others[1].session.accessToken),
    });
    expect(list.body.map((expense) => expense.payers)).toEqual([
      [{ memberId: c, name: 'Member 2', amountPence: 10_000 }],
    ]);
  });

  it('says in the feed when an expense changes after the group settled up, and reopens the debt', async () => {
    const { pot, owner, others } = await potWithMembers(1);
    const [a, b] = pot.members.map((member) => member.id);
    const headers = () => ({ ...bearer(owner.session.accessToken), 'idempotency-key': randomUUID() });
    const dinner = await api<{ id: string }>(`/api/pots/${pot.id}/expenses`, {
      method: 'POST',
      body: {
        description: 'Dinner',
        amountPence: 600,
        paidFrom: 'member',
        payerMemberId: a,
        split: { mode: 'equal', members: [{ memberId: a }, { memberId: b }] },
      },
      headers: headers(),
    });
    // Paid back in full (recorded by the one paid, so it counts at once): nobody owes anything.
    const settled = await api(`/api/pots/${pot.id}/settlements`, {
      method: 'POST',
      body: { fromMemberId: b, toMemberId: a, amountPence: 300 },
      headers: headers(),
    });
    expect(settled.status).toBe(201);
    const positions = async () =>
      Object.fromEntries(
        (
          await api<Balances>(`/api/pots/${pot.id}/balances`, {
            headers: bearer(others[0].session.accessToken),
          })
        ).body.positions.map((p) => [p.memberId, p.netPence]),
      );
    expect(await positions()).toEqual({ [a]: 0, [b]: 0 });

    const edited = await api(`/api/pots/${pot.id}/expenses/${dinner.body.id}`, {
      method: 'PATCH',
      body: { amountPence: 800 },
      headers: bearer(owner.session.accessToken),
    });
    expect(edited.status).toBe(200);
    expect(await positions()).toEqual({ [a]: 100, [b]: -100 });
    const activity = await api<{ summary: string }[]>(`/api/pots/${pot.id}/activity`, {
      headers: bearer(owner.session.accessToken),
    });
    expect(activity.body[0].summary).toBe(
      'Olive Owner edited "Dinner": £6.00 → £8.00; Olive Owner\'s share £3.00 → £4.00; ' +
        "Member 1's share £3.00 → £4.00 — after a payment was recorded, so who owes whom changed",
    );
  });

  it('never overdraws a pot under 60 concurrent pot-paid expenses (the ledger decides)', async () => {
    const { pot, owner } = await potWithMembers(0);
    await verifyUser(owner.session.accessToken);
    await topUp(owner.session.accessToken, 1000, { type: 'pot', potId: pot.id });
    const read = () => api<PotDetail>(`/api/pots/${pot.id}`, { headers: bearer(owner.session.accessToken) });
    // The pot's balance is the ledger's, projected from payments.pot-balance.changed.
    await eventually(async () => ((await read()).body.balancePence === 1000 ? true : undefined));
    const attempts = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        api<Problem>(`/api/pots/${pot.id}/expenses`, {
          method: 'POST',
          body: {
            description: `Coffee ${i}`,
            amountPence: 100,
            paidFrom: 'pot',
            split: { mode: 'equal', members: [{ memberId: pot.yourMemberId }] },
          },
          headers: { ...bearer(owner.session.accessToken), 'idempotency-key': randomUUID() },
        }),
      ),
    );
    const statuses = attempts.map((attempt) => attempt.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    const refused = attempts.filter((attempt) => attempt.status === 400);
    expect(refused).toHaveLength(50);
    expect(refused[0].body).toMatchObject({
      title: 'Insufficient funds',
      detail: 'The amount exceeds the available balance.',
    });
    const after = await eventually(async () => {
      const detail = (await read()).body;
      return detail.balancePence === 0 && detail.stats.totalSpentPence === 1000 ? detail : undefined;
    });
    expect(after.stats).toEqual({
      totalTransactions: 11,
      totalAddedPence: 1000,
      totalSpentPence: 1000,
      paidByMembersPence: 0,
    });
  }, 60_000);
});

describe('members', () => {
  it('lets the owner remove a settled member, not one who still owes', async () => {
    const { pot, owner, others } = await potWithMembers(2);
    const [a, b, c] = pot.members.map((member) => member.id);
    await api(`/api/pots/${pot.id}/expenses`, {
      method: 'POST',
      body: {
        description: 'Tickets',
        amountPence: 200,
        paidFrom: 'member',
        payerMemberId: a,
        split: { mode: 'equal', members: [{ memberId: b }] },
      },
      headers: { ...bearer(owner.session.accessToken), 'idempotency-key': randomUUID() },
    });
    const blocked = await api<Problem>(`/api/pots/${pot.id}/members/${b}`, {
      method: 'DELETE',
      headers: bearer(owner.session.accessToken),
    });
    expect(blocked.status).toBe(409);
    expect(
      (
        await api(`/api/pots/${pot.id}/members/${c}`, {
          method: 'DELETE',
          headers: bearer(others[0].session.accessToken),
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await api(`/api/pots/${pot.id}/members/${c}`, {
          method: 'DELETE',
          headers: bearer(owner.session.accessToken),
        })
      ).status,
    ).toBe(204);
    expect(
      (await api(`/api/pots/${pot.id}`, { headers: bearer(others[1].session.accessToken) })).status,
    ).toBe(404);
  });

  it('hides an archived pot from the list, lists it as archived, and lets only the owner restore it', async () => {
    const { pot, owner, others } = await potWithMembers(1);
    const archived = await api<PotDetail>(`/api/pots/${pot.id}`, {
      method: 'PATCH',
      body: { isActive: false },
      headers: bearer(owner.session.accessToken),
    });
    expect(archived.body).toMatchObject({ isActive: false });
    const list = await api<PotDetail[]>('/api/pots', { headers: bearer(owner.session.accessToken) });
    expect(list.body.map((p) => p.id)).not.toContain(pot.id);
    // Opened by its URL it still answers, but takes nothing new.
    const expense = await api<Problem>(`/api/pots/${pot.id}/expenses`, {
      method: 'POST',
      body: {
        description: 'After the trip',
        amountPence: 100,
        paidFrom: 'member',
        payerMemberId: pot.yourMemberId,
        split: { mode: 'equal', members: [{ memberId: pot.yourMemberId }] },
      },
      headers: { ...bearer(owner.session.accessToken), 'idempotency-key': randomUUID() },
    });
    expect(expense.status).toBe(409);
    expect(expense.body.detail).toBe('This pot is archived, so you can no longer add expenses.');

    // Every member finds it among their archived pots; a stranger's list never shows it.
    const archivedOf = async (token: string) =>
      (await api<PotDetail[]>('/api/pots/archived', { headers: bearer(token) })).body.map((p) => p.id);
    expect(await archivedOf(owner.session.accessToken)).toEqual([pot.id]);
    expect(await archivedOf(others[0].session.accessToken)).toEqual([pot.id]);
    const stranger = await signUpUser({ fullName: 'Stan Ger' });
    expect(await archivedOf(stranger.session.accessToken)).toEqual([]);

    const restore = (token: string) =>
      api<PotDetail>(`/api/pots/${pot.id}`, {
        method: 'PATCH',
        body: { isActive: true },
        headers: bearer(token),
      });
    expect((await restore(others[0].session.accessToken)).status).toBe(403);
    const restored = await restore(owner.session.accessToken);
    expect(restored.body).toMatchObject({ isActive: true });
    expect(await archivedOf(owner.session.accessToken)).toEqual([]);
    const listed = await api<PotDetail[]>('/api/pots', { headers: bearer(owner.session.accessToken) });
    expect(listed.body.map((p) => p.id)).toContain(pot.id);
    const activity = await api<{ summary: string }[]>(`/api/pots/${pot.id}/activity`, {
      headers: bearer(owner.session.accessToken),
    });
    expect(activity.body.slice(0, 2).map((entry) => entry.summary)).toEqual([
      'Olive Owner restored the pot',
      'Olive Owner archived the pot',
    ]);
  });
});

describe('closing a pot', () => {
  it('archives only once everyone is settled up, and says who still owes or is owed', async () => {
    const { pot, owner } = await potWithMembers(1);
    const [ownerId, oneId] = pot.members.map((member) => member.id);
    const auth = bearer(owner.session.accessToken);
    await api(`/api/pots/${pot.id}/expenses`, {
      method: 'POST',
      body: {
        description: 'Fuel',
        amountPence: 900,
        paidFrom: 'member',
        payerMemberId: ownerId,
        split: { mode: 'equal', members: [{ memberId: oneId }] },
      },
      headers: { ...auth, 'idempotency-key': randomUUID() },
    });
    const archive = () =>
      api<Problem>(`/api/pots/${pot.id}`, { method: 'PATCH', body: { isActive: false }, headers: auth });

    const refused = await archive();
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      title: 'Settle up first',
      detail:
        'Everyone must be settled up before the pot is archived: Member 1 owes £9.00, Olive Owner is owed £9.00.',
    });
    // The owner, paid back, records it (it counts at once: they are one of its two people).
    const repaid = await api(`/api/pots/${pot.id}/settlements`, {
      method: 'POST',
      body: { fromMemberId: oneId, toMemberId: ownerId, amountPence: 900 },
      headers: { ...auth, 'idempotency-key': randomUUID() },
    });
    expect(repaid.status).toBe(201);
    const closed = await archive();
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ isActive: false });
  });
});

describe('leaving a pot', () => {
  it('lets a member whose position is zero leave; the owner and anyone owing or owed get 409', async () => {
    const { pot, owner, others } = await potWithMembers(2);
    const [ownerId, oneId] = pot.members.map((member) => member.id);
    await api(`/api/pots/${pot.id}/expenses`, {
      method: 'POST',
      body: {
        description: 'Tickets',
        amountPence: 2_000,
        paidFrom: 'member',
        payerMemberId: ownerId,
        split: { mode: 'equal', members: [{ memberId: ownerId }, { memberId: oneId }] },
      },
      headers: { ...bearer(owner.session.accessToken), 'idempotency-key': randomUUID() },
    });
    const leave = (token: string) =>
      api<Problem>(`/api/pots/${pot.id}/leave`, { method: 'POST', headers: bearer(token) });

    const debtor = await leave(others[0].session.accessToken);
    expect(debtor.status).toBe(409);
    expect(debtor.body).toMatchObject({
      title: 'Settle up first',
      detail: 'Settle up first: you owe £10.00.',
    });
    const byOwner = await leave(owner.session.accessToken);
    expect(byOwner.status).toBe(409);
    expect(byOwner.body.detail).toBe(
      'You own this pot, so you cannot leave it. Archive it instead once everyone has settled up.',
    );

    expect((await leave(others[1].session.accessToken)).status).toBe(204);
    expect((await leave(others[1].session.accessToken)).status).toBe(404);
    const gone = bearer(others[1].session.accessToken);
    expect((await api(`/api/pots/${pot.id}`, { headers: gone })).status).toBe(404);
    const list = await api<PotDetail[]>('/api/pots', { headers: gone });
    expect(list.body.map((p) => p.id)).not.toContain(pot.id);
    const seen = await api<PotDetail>(`/api/pots/${pot.id}`, { headers: bearer(owner.session.accessToken) });
    expect(seen.body.members.map((member) => member.name)).toEqual(['Olive Owner', 'Member 1']);
    const feed = await api<{ summary: string }[]>(`/api/pots/${pot.id}/activity`, {
      headers: bearer(owner.session.accessToken),
    });
    expect(feed.body[0].summary).toBe('Member 2 left the pot');
  });
});

describe('reminders', () => {
  it('e-mail the debtor exactly once a day however many clicks race on the 3 replicas; 429 after', async () => {
    const { pot, owner, others } = await potWithMembers(2, `Remind ${Date.now()}`);
    const [ownerId, oneId, twoId] = pot.members.map((member) => member.id);
    const recorded = await api(`/api/pots/${pot.id}/expenses`, {
      method: 'POST',
      body: {
        description: 'Cabin',
        amountPence: 3_000,
        paidFrom: 'member',
        payerMemberId: ownerId,
        split: { mode: 'equal', members: [{ memberId: oneId }, { memberId: twoId }] },
      },
      headers: { ...bearer(owner.session.accessToken), 'idempotency-key': randomUUID() },
    });
    expect(recorded.status).toBe(201);
    const remind = (token: string, fromMemberId: string, toMemberId = ownerId) =>
      api<Problem & { debtorName: string }>(`/api/pots/${pot.id}/reminders`, {
        method: 'POST',
        body: { fromMemberId, toMemberId },
        headers: bearer(token),
      });

    const clicks = await Promise.all(
      Array.from({ length: 12 }, () => remind(owner.session.accessToken, oneId)),
    );
    expect(clicks.map((click) => click.status).sort()).toEqual([201, ...Array(11).fill(429)]);
    const refused = clicks.find((click) => click.status === 429)!;
    expect(refused.body).toMatchObject({
      title: 'Already reminded today',
      detail: 'You can remind Member 1 again tomorrow.',
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    const debtor = others[0].credentials.email;
    const subject = `Olive Owner reminds you that you owe £15.00 to Olive Owner in ${pot.name}`;
    const mail = await mailTo(debtor, (email) => email.subject === subject);
    expect(mail.text).toContain(`/pot/${pot.id}`);
    // Long enough for any second e-mail a losing click could have queued to arrive: none does.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const inbox = (await (await fetch(`${MAILDEV_URL}/email`)).json()) as MaildevEmail[];
    const reminders = inbox.filter(
      (email) => email.to.some((to) => to.address === debtor) && email.subject.includes('reminds you'),
    );
    expect(reminders).toHaveLength(1);

    // The plan says which debt was reminded; the other debt can still be; the feed names it once.
    const balances = await api<Balances & { remindedToday: unknown[] }>(`/api/pots/${pot.id}/balances`, {
      headers: bearer(others[1].session.accessToken),
    });
    expect(balances.body.remindedToday).toEqual([{ fromMemberId: oneId, toMemberId: ownerId }]);
    expect((await remind(owner.session.accessToken, twoId)).status).toBe(201);
    const feed = await api<{ summary: string }[]>(`/api/pots/${pot.id}/activity`, {
      headers: bearer(owner.session.accessToken),
    });
    expect(feed.body.filter((entry) => entry.summary.includes('reminded')).map((e) => e.summary)).toEqual([
      'Olive Owner reminded Member 2 to pay Olive Owner £15.00',
      'Olive Owner reminded Member 1 to pay Olive Owner £15.00',
    ]);

    // The debtor cannot remind themselves, a debt not in the plan is unknown, unknown fields are refused.
    expect((await remind(others[0].session.accessToken, oneId)).status).toBe(403);
    expect((await remind(owner.session.accessToken, ownerId, oneId)).status).toBe(404);
    const extra = await api<Problem>(`/api/pots/${pot.id}/reminders`, {
      method: 'POST',
      body: { fromMemberId: twoId, toMemberId: ownerId, amountPence: 1 },
      headers: bearer(owner.session.accessToken),
    });
    expect(extra.status).toBe(400);
  }, 60_000);
});

describe('a stranger', () => {
  it('gets 404 from every pot route of a pot they are not in', async () => {
    const { pot, owner } = await potWithMembers(1);
    const expense = await api<{ id: string }>(`/api/pots/${pot.id}/expenses`, {
      method: 'POST',
      body: {
        description: 'x',
        amountPence: 100,
        paidFrom: 'member',
        payerMemberId: pot.yourMemberId,
        split: { mode: 'equal', members: [{ memberId: pot.yourMemberId }] },
      },
      headers: { ...bearer(owner.session.accessToken), 'idempotency-key': randomUUID() },
    });
    const stranger = bearer((await signUpUser()).session.accessToken);
    const member = pot.members[1].id;
    const routes: [string, string, unknown?][] = [
      ['GET', `/api/pots/${pot.id}`],
      ['PATCH', `/api/pots/${pot.id}`, { name: 'Mine now' }],
      ['POST', `/api/pots/${pot.id}/invitations`, { name: 'X', email: 'x@example.com' }],
      ['DELETE', `/api/pots/${pot.id}/invitations/${ZERO_UUID}`],
      ['DELETE', `/api/pots/${pot.id}/members/${member}`],
      [
        'POST',
        `/api/pots/${pot.id}/expenses`,
        {
          description: 'x',
          amountPence: 1,
          paidFrom: 'member',
          payerMemberId: member,
          split: { mode: 'equal', members: [{ memberId: member }] },
        },
      ],
      ['GET', `/api/pots/${pot.id}/expenses`],
      ['PATCH', `/api/pots/${pot.id}/expenses/${expense.body.id}`, { amountPence: 5 }],
      ['DELETE', `/api/pots/${pot.id}/expenses/${expense.body.id}`],
      ['GET', `/api/pots/${pot.id}/balances`],
      [
        'POST',
        `/api/pots/${pot.id}/settlements`,
        { fromMemberId: member, toMemberId: pot.yourMemberId, amountPence: 1 },
      ],
      ['GET', `/api/pots/${pot.id}/activity`],
      ['POST', `/api/pots/${pot.id}/reminders`, { fromMemberId: member, toMemberId: pot.yourMemberId }],
      ['POST', `/api/pots/${pot.id}/leave`],
      ['PUT', '/api/active-pot', { potId: pot.id }],
    ];
    for (const [method, path, body] of routes) {
      const response = await api(path, {
        method,
        body,
        headers: { ...stranger, 'idempotency-key': randomUUID() },
      });
      expect(`${method} ${path} → ${response.status}`).toBe(`${method} ${path} → 404`);
    }
    const still = await api<PotDetail>(`/api/pots/${pot.id}`, { headers: bearer(owner.session.accessToken) });
    expect(still.body.name).toBe('Trip');
  });
});
