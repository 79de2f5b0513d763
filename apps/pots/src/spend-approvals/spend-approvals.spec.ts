// Card spending approvals against the real Postgres: a member asks before a card payment above
// the pot's approval amount; only another member answers (the first answer stands); an approval lets one
// card payment up to its amount — used once however many authorisations race for it, the same one on a
// redelivery — and is usable again if that payment is declined after all.
import { randomUUID } from 'node:crypto';

import { createPot, type PotsTestDatabase, potsTestDatabase, type TestPot } from '../testing/pot-factory';
import { problemOf } from '../testing/problem-of';
import { SpendApprovalsService } from './spend-approvals.service';

describe('card spending approvals (PostgreSQL)', () => {
  let db: PotsTestDatabase;
  let approvals: SpendApprovalsService;

  beforeAll(() => {
    db = potsTestDatabase();
    approvals = new SpendApprovalsService(db.prisma);
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
  const use = (pot: TestPot, who: number, amountPence: number, authorizationId = `iauth_${randomUUID()}`) =>
    approvals.use({ userId: pot.members[who].caller.userId, potId: pot.id, amountPence, authorizationId });

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

  it('lets one card payment up to the amount use an approval, once', async () => {
    const pot = await approvalPot();
    const asked = await ask(pot, 1, 9_000);
    expect(await use(pot, 1, 8_000)).toEqual({ approved: false, approvalId: null });
    await answer(pot, 2, asked.id, 'approve');
    // Someone else's card, or more than approved: no.
    expect((await use(pot, 2, 8_000)).approved).toBe(false);
    expect((await use(pot, 1, 9_001)).approved).toBe(false);

    const racing = await Promise.all(Array.from({ length: 5 }, () => use(pot, 1, 8_000)));
    expect(racing.filter(({ approved }) => approved)).toHaveLength(1);
    const winner = racing.find(({ approved }) => approved);
    expect(winner?.approvalId).toBe(asked.id);
    const [after] = await approvals.list({ caller: pot.members[1].caller, potId: pot.id });
    expect(after.status).toBe('used');
  });

  it('answers a redelivered authorisation the same, and frees the approval when the payment is declined', async () => {
    const pot = await approvalPot();
    const asked = await ask(pot, 1, 9_000);
    await answer(pot, 0, asked.id, 'approve');
    const authorization = `iauth_${randomUUID()}`;
    expect(await use(pot, 1, 7_000, authorization)).toEqual({ approved: true, approvalId: asked.id });
    expect(await use(pot, 1, 7_000, authorization)).toEqual({ approved: true, approvalId: asked.id });

    await approvals.release({ authorizationId: authorization });
    expect(await use(pot, 1, 7_000)).toEqual({ approved: true, approvalId: asked.id });
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

  it('reads a request past its time as expired, and an expired approval allows nothing', async () => {
    const pot = await approvalPot();
    const asked = await ask(pot, 1, 9_000);
    await answer(pot, 0, asked.id, 'approve');
    await db.prisma.spendApproval.update({
      where: { id: asked.id },
      data: { expiresAt: new Date(Date.now() - 1_000) },
    });
    expect((await use(pot, 1, 8_000)).approved).toBe(false);
    expect((await approvals.list({ caller: pot.members[1].caller, potId: pot.id }))[0].status).toBe(
      'expired',
    );
  });
});
