// Recurring expenses on the 3-replica stack: set up through the gateway, the first period
// recorded at once when it is due today, once however many replicas serve the same request, visible and
// cancellable by its author or the owner only, and the schedule that records later periods registered once.
import { randomUUID } from 'node:crypto';

import { api } from '../support/api';
import { bearer, potWithMembers } from '../support/pots';
import { stackQueue } from '../support/queues';

interface RecurringExpense {
  id: string;
  description: string;
  frequency: string;
  startOn: string;
  nextDueOn: string | null;
  occurrences: number;
  youMayCancel: boolean;
  cancelledAt: string | null;
}
interface Expense {
  id: string;
  description: string;
  amountPence: number;
}

/** RecurringExpensesQueue.name of libs/contracts (the test project imports no library). */
const RECURRING_QUEUE = 'pots-recurring-expenses';
const ukToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());

describe('recurring expenses', () => {
  it('records today’s period at once and once only, lists it, and is cancelled by its author or the owner', async () => {
    const { pot, owner, others } = await potWithMembers(2, `Flat ${Date.now()}`);
    const [ownerId, oneId, twoId] = pot.members.map((member) => member.id);
    const [one, two] = others;
    const body = {
      expense: {
        description: 'Rent',
        amountPence: 150_000,
        paidFrom: 'member',
        payerMemberId: oneId,
        category: 'lodging',
        split: { mode: 'equal', members: [ownerId, oneId, twoId].map((memberId) => ({ memberId })) },
      },
      frequency: 'monthly',
      startOn: ukToday(),
    };
    const key = randomUUID();
    const setUp = () =>
      api<RecurringExpense>(`/api/pots/${pot.id}/recurring-expenses`, {
        method: 'POST',
        body,
        headers: { ...bearer(one.session.accessToken), 'idempotency-key': key },
      });

    // The same request six times at once across the replicas, then once more: one rule, one expense.
    const answers = await Promise.all(Array.from({ length: 6 }, setUp));
    expect(
      answers.map((answer) => answer.status).filter((status) => status !== 201 && status !== 409),
    ).toEqual([]);
    const replay = await setUp();
    expect(replay.status).toBe(201);
    const rule = replay.body;
    expect(rule).toMatchObject({
      description: 'Rent',
      frequency: 'monthly',
      occurrences: 1,
      youMayCancel: true,
    });
    expect(rule.nextDueOn! > ukToday()).toBe(true);
    const created = answers.filter((answer) => answer.status === 201);
    expect(new Set(created.map((answer) => answer.body.id))).toEqual(new Set([rule.id]));

    const expenses = await api<Expense[]>(`/api/pots/${pot.id}/expenses`, {
      headers: bearer(two.session.accessToken),
    });
    expect(expenses.body.filter((expense) => expense.description === 'Rent')).toHaveLength(1);
    const balances = await api<{ positions: { memberId: string; netPence: number }[] }>(
      `/api/pots/${pot.id}/balances`,
      { headers: bearer(owner.session.accessToken) },
    );
    expect(balances.body.positions.find((p) => p.memberId === oneId)?.netPence).toBe(100_000);

    // Listed for every member; only its author and the owner may stop it.
    const listed = await api<RecurringExpense[]>(`/api/pots/${pot.id}/recurring-expenses`, {
      headers: bearer(two.session.accessToken),
    });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([
      expect.objectContaining({ id: rule.id, occurrences: 1, youMayCancel: false }),
    ]);
    const cancel = (token: string, id = rule.id) =>
      api(`/api/pots/${pot.id}/recurring-expenses/${id}`, { method: 'DELETE', headers: bearer(token) });
    expect((await cancel(two.session.accessToken)).status).toBe(403);
    expect((await cancel(owner.session.accessToken, randomUUID())).status).toBe(404);
    expect((await cancel(owner.session.accessToken)).status).toBe(204);
    expect((await cancel(one.session.accessToken)).status).toBe(204);
    const after = await api<RecurringExpense[]>(`/api/pots/${pot.id}/recurring-expenses`, {
      headers: bearer(one.session.accessToken),
    });
    expect(after.body[0]).toMatchObject({ nextDueOn: null, youMayCancel: false });
    expect(after.body[0].cancelledAt).not.toBeNull();

    const feed = await api<{ summary: string }[]>(`/api/pots/${pot.id}/activity`, {
      headers: bearer(owner.session.accessToken),
    });
    expect(feed.body.map((entry) => entry.summary)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Member 1 set up "Rent" \(£1,500\.00\) every month from /),
        'Olive Owner cancelled "Rent" (recurring)',
      ]),
    );
  }, 60_000);

  it('refuses a first day in the past, unknown fields and strangers', async () => {
    const { pot, owner } = await potWithMembers(0, `Flat ${Date.now()}`);
    const { owner: stranger } = await potWithMembers(0, 'Elsewhere');
    const expense = {
      description: 'Cleaner',
      amountPence: 4_000,
      paidFrom: 'member',
      payerMemberId: pot.members[0].id,
      split: { mode: 'equal', members: [{ memberId: pot.members[0].id }] },
    };
    const post = (token: string, body: unknown) =>
      api<{ detail?: string }>(`/api/pots/${pot.id}/recurring-expenses`, {
        method: 'POST',
        body,
        headers: { ...bearer(token), 'idempotency-key': randomUUID() },
      });
    const past = await post(owner.session.accessToken, {
      expense,
      frequency: 'weekly',
      startOn: '2020-01-01',
    });
    expect(past.status).toBe(400);
    expect(past.body.detail).toBe('The first date must be today or later.');
    const badEnd = await post(owner.session.accessToken, {
      expense,
      frequency: 'weekly',
      startOn: '2099-01-10',
      endOn: '2099-01-01',
    });
    expect(badEnd.status).toBe(400);
    expect(
      (await post(owner.session.accessToken, { expense, frequency: 'daily', startOn: ukToday() })).status,
    ).toBe(400);
    expect(
      (
        await post(owner.session.accessToken, {
          expense,
          frequency: 'weekly',
          startOn: ukToday(),
          potId: pot.id,
        })
      ).status,
    ).toBe(400);
    expect(
      (await post(stranger.session.accessToken, { expense, frequency: 'weekly', startOn: ukToday() })).status,
    ).toBe(404);
    const list = await api(`/api/pots/${pot.id}/recurring-expenses`, {
      headers: bearer(stranger.session.accessToken),
    });
    expect(list.status).toBe(404);
  }, 60_000);

  it('has one schedule however many pots replicas registered it', async () => {
    const { queue, close } = stackQueue(RECURRING_QUEUE);
    try {
      const schedulers = await queue.getJobSchedulers();
      expect(schedulers.map((scheduler) => scheduler.key)).toEqual(['pots-recurring-expenses']);
    } finally {
      await close();
    }
  });
});
