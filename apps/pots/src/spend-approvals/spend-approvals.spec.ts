// Card spending approvals against the real Postgres: a member asks before a card payment above
// the pot's approval amount; only another member answers (the first answer stands); payments hears of each
// approval granted or withdrawn, uses them with card payments and tells pots, which shows them as used.
import { randomUUID } from 'node:crypto';

import { SpendApprovalChangedJob } from '@kitty/contracts';

import { createPot, type PotsTestDatabase, potsTestDatabase, type TestPot } from '../testing/pot-factory';
import { problemOf } from '../testing/problem-of';
import { spendApprovalsServiceOn } from '../testing/services';
import type { SpendApprovalsService } from './spend-approvals.service';

describe('card spending approvals (PostgreSQL)', () => {
  let db: PotsTestDatabase;
  let approvals: SpendApprovalsService;

  beforeAll(() => {
    db = potsTestDatabase();
    approvals = spendApprovalsServiceOn(db.prisma);
  }, 60_000);

  afterAll(() => db?.close());

  /** Ann (owner), Ben and Cat; cards above £50 need a second member's approval. */
  const approvalPot = async (spendRule = 'approval') => {
    const pot = await createPot(db.prisma, ['Ann', 'Ben', 'Cat']);
    await db.prisma.pot.update({ where: { id: pot.id }, data: { spendRule, approvalAbovePence: 5_000 } });
    return pot;
  };
  const ask = (pot: TestPot, who: number, amountPence: number, note?: string) =>
    approvals.request({ caller: pot.members[who].caller, potId: pot.id, body: { amountPence, note } });
  const answer = (
    pot: TestPot,
    who: number,
    approvalId: string,
    decision: 'approve' | 'decline' | 'cancel',
  ) => approvals.decide({ caller: pot.members[who].caller, potId: pot.id, approvalId, decision });
  /** What pots told payments of this approval, oldest first. */
  const announced = async (approvalId: string) => {
    const rows = await db.prisma.outboxMessage.findMany({
      where: {
        jobName: 'pots.spend-approval.changed.v1',
        payload: { path: ['approvalId'], equals: approvalId },
      },
      orderBy: { createdAt: 'asc' },
    });
    for (const row of rows) expect(row.queue).toBe('payments-pot-access');
    return rows.map((row) => SpendApprovalChangedJob.parse(row.payload));
  };
  const statusOf = async (pot: TestPot, approvalId: string) =>
    (await approvals.list({ caller: pot.members[1].caller, potId: pot.id })).find(
      ({ id }) => id === approvalId,
    )?.status;

  it('asks only where the rule wants it, above its amount, and never for the owner', async () => {
    const pot = await approvalPot();
    expect((await problemOf(ask(pot, 1, 5_000))).detail).toBe('Card payments up to £50.00 need no approval.');
    expect((await problemOf(ask(pot, 0, 9_000))).detail).toBe(
      'As the owner, your card can spend any amount from the pot.',
    );
    const free = await approvalPot('members');
    expect((await problemOf(ask(free, 1, 9_000))).detail).toBe(
      "This pot's rules let your card spend any amount without approval.",
    );
    const stranger = await approvalPot();
    expect(
      (
        await problemOf(
          approvals.request({
            caller: stranger.members[1].caller,
            potId: pot.id,
            body: { amountPence: 9_000 },
          }),
        )
      ).status,
    ).toBe(404);

    const asked = await ask(pot, 1, 12_000, 'Dinner for the group');
    expect(asked).toMatchObject({
      status: 'pending',
      requesterName: 'Ben',
      requestedByYou: true,
      note: 'Dinner for the group',
    });
    const seenByCat = await approvals.list({ caller: pot.members[2].caller, potId: pot.id });
    expect(seenByCat.map(({ id, requestedByYou }) => [id, requestedByYou])).toEqual([[asked.id, false]]);
    const feed = await db.prisma.activityEvent.findMany({ where: { potId: pot.id } });
    expect(feed.map(({ summary }) => summary)).toContain(
      'Ben asked to spend up to £120.00 with their card (Dinner for the group)',
    );
    // The other members are told (through the outbox), not Ben himself.
    const told = await db.prisma.outboxMessage.findMany({
      where: { payload: { path: ['kind'], equals: 'card_spend_approval' } },
    });
    expect(told.filter(({ payload }) => JSON.stringify(payload).includes(asked.id))).toHaveLength(2);
  });

  it('is answered by another member only, the first answer standing', async () => {
    const pot = await approvalPot();
    const asked = await ask(pot, 1, 9_000);
    expect((await problemOf(answer(pot, 1, asked.id, 'approve'))).status).toBe(403);
    const [first, second] = await Promise.allSettled([
      answer(pot, 0, asked.id, 'approve'),
      answer(pot, 2, asked.id, 'decline'),
    ]);
    const outcomes = [first, second].map((result) => result.status);
    expect(outcomes.sort()).toEqual(['fulfilled', 'rejected']);
    const now = (await approvals.list({ caller: pot.members[1].caller, potId: pot.id }))[0];
    expect(['approved', 'declined']).toContain(now.status);
    expect(now.decidedByName).not.toBeNull();
  });

  it('tells payments of an approval granted and of one withdrawn, never of one only asked or declined', async () => {
    const pot = await approvalPot();
    const asked = await ask(pot, 1, 9_000);
    const declined = await ask(pot, 1, 8_000);
    await answer(pot, 2, declined.id, 'decline');
    expect(await announced(asked.id)).toEqual([]);
    expect(await announced(declined.id)).toEqual([]);

    const approved = await answer(pot, 2, asked.id, 'approve');
    const granted = {
      approvalId: asked.id,
      potId: pot.id,
      userId: pot.members[1].caller.userId,
      amountPence: 9_000,
      expiresAt: approved.expiresAt,
    };
    expect(await announced(asked.id)).toEqual([{ ...granted, withdrawn: false }]);
    await answer(pot, 1, asked.id, 'cancel');
    expect(await announced(asked.id)).toEqual([
      { ...granted, withdrawn: false },
      { ...granted, withdrawn: true },
    ]);
    // A pending request cancelled was never granted: nothing to withdraw.
    const pending = await ask(pot, 1, 7_000);
    await answer(pot, 1, pending.id, 'cancel');
    expect(await announced(pending.id)).toEqual([]);
  });

  it('shows an approval used as payments says, older news changing nothing, and as it was once freed', async () => {
    const pot = await approvalPot();
    const asked = await ask(pot, 1, 9_000);
    await answer(pot, 0, asked.id, 'approve');
    const authorization = `iauth_${randomUUID()}`;
    const usedAt = new Date().toISOString();
    const use = (version: number, usedBy: string | null) =>
      approvals.applyUse({ approvalId: asked.id, potId: pot.id, usedBy, usedAt: usedBy && usedAt, version });

    await use(1, authorization);
    expect(await statusOf(pot, asked.id)).toBe('used');
    expect((await approvals.list({ caller: pot.members[0].caller, potId: pot.id }))[0].usedAt).toBe(usedAt);
    await use(2, null);
    expect(await statusOf(pot, asked.id)).toBe('approved');
    // The use relayed late: older than the release, so it stays freed.
    await use(1, authorization);
    expect(await statusOf(pot, asked.id)).toBe('approved');
    await use(3, `iauth_${randomUUID()}`);
    expect(await statusOf(pot, asked.id)).toBe('used');
    expect((await problemOf(answer(pot, 1, asked.id, 'cancel'))).detail).toBe('This request is used.');

    // Cancelled by its requester before payments heard, used meanwhile, then freed: cancelled again.
    const other = await ask(pot, 1, 8_000);
    await answer(pot, 2, other.id, 'approve');
    await answer(pot, 1, other.id, 'cancel');
    await approvals.applyUse({
      approvalId: other.id,
      potId: pot.id,
      usedBy: authorization,
      usedAt,
      version: 1,
    });
    expect(await statusOf(pot, other.id)).toBe('used');
    await approvals.applyUse({ approvalId: other.id, potId: pot.id, usedBy: null, usedAt: null, version: 2 });
    expect(await statusOf(pot, other.id)).toBe('cancelled');
  });

  it('lets who asked cancel, refuses answers after that, and limits open requests', async () => {
    const pot = await approvalPot();
    const asked = await ask(pot, 1, 9_000);
    expect((await problemOf(answer(pot, 2, asked.id, 'cancel'))).status).toBe(403);
    expect((await answer(pot, 1, asked.id, 'cancel')).status).toBe('cancelled');
    expect(await problemOf(answer(pot, 2, asked.id, 'approve'))).toMatchObject({
      status: 409,
      detail: 'This request is cancelled.',
    });
    await ask(pot, 1, 6_000);
    await ask(pot, 1, 7_000);
    await ask(pot, 1, 8_000);
    expect((await problemOf(ask(pot, 1, 9_000))).status).toBe(429);
    // Another pot's request is not found here.
    const other = await approvalPot();
    expect((await problemOf(answer(other, 0, asked.id, 'approve'))).status).toBe(404);
  });

  it('reads a request past its time as expired', async () => {
    const pot = await approvalPot();
    const asked = await ask(pot, 1, 9_000);
    await answer(pot, 0, asked.id, 'approve');
    await db.prisma.spendApproval.update({
      where: { id: asked.id },
      data: { expiresAt: new Date(Date.now() - 1_000) },
    });
    expect((await approvals.list({ caller: pot.members[1].caller, potId: pot.id }))[0].status).toBe(
      'expired',
    );
  });
});
