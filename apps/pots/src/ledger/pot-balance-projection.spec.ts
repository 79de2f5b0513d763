// Against the real Postgres: the projection's once-only and newest-wins rules are enforced by the database
// (a unique source_ref, a conditional UPDATE on balance_sequence), so they are tested there.
import { randomUUID } from 'node:crypto';

import type { CardPurchaseCaptured, PotBalanceChanged } from '@kitty/contracts';
import type { LivePublisher } from '@kitty/nest-common';
import { RecordedLive } from '@kitty/testing';
import { UnrecoverableError } from 'bullmq';

import { createPot, type PotsTestDatabase, potsTestDatabase, type TestPot } from '../testing/pot-factory';
import { PotBalanceProjection, totalsDelta } from './pot-balance-projection';

describe('totalsDelta', () => {
  it.each([
    ['top_up', 2500, { addedPence: 2500, spentPence: 0 }],
    ['expense', -1200, { addedPence: 0, spentPence: 1200 }],
    ['expense_reversal', 1200, { addedPence: 0, spentPence: -1200 }],
    ['card_hold', -800, { addedPence: 0, spentPence: 800 }],
    ['card_release', 800, { addedPence: 0, spentPence: -800 }],
    ['withdrawal', -500, { addedPence: 0, spentPence: 0 }],
    ['withdrawal_released', 500, { addedPence: 0, spentPence: 0 }],
  ] as const)('%s of %i', (kind, amountPence, expected) => {
    expect(totalsDelta({ kind, amountPence })).toEqual(expected);
  });
});

describe('PotBalanceProjection (PostgreSQL)', () => {
  let db: PotsTestDatabase;
  let projection: PotBalanceProjection;
  const live = new RecordedLive();

  beforeAll(() => {
    db = potsTestDatabase();
    projection = new PotBalanceProjection(db.work, live.asPublisher<LivePublisher>());
  }, 60_000);

  afterAll(() => db?.close());

  const event = (
    pot: TestPot,
    sequence: number,
    balancePence: number,
    overrides: Partial<PotBalanceChanged> = {},
  ): PotBalanceChanged => ({
    potId: pot.id,
    balancePence,
    sequence,
    transactionId: randomUUID(),
    kind: 'top_up',
    amountPence: 1000,
    userId: pot.owner.caller.userId,
    description: 'Top-up',
    occurredAt: new Date(Date.UTC(2026, 10, 22, 9, sequence)).toISOString(),
    ...overrides,
  });

  const potState = (pot: TestPot) =>
    db.prisma.pot.findUniqueOrThrow({
      where: { id: pot.id },
      include: {
        transactions: { orderBy: { createdAt: 'asc' } },
        members: { orderBy: { role: 'desc' } },
      },
    });

  it('records a top-up: balance, one credit row under the member, totals and their contribution', async () => {
    const pot = await createPot(db.prisma, ['Ada', 'Grace']);
    const grace = pot.members[1];
    await projection.apply(event(pot, 1, 2500, { amountPence: 2500, userId: grace.caller.userId }));

    const state = await potState(pot);
    expect(state.balancePence).toBe(2500n);
    expect(state.balanceSequence).toBe(1n);
    expect(state.totalAddedPence).toBe(2500n);
    expect(state.transactionCount).toBe(1);
    expect(state.transactions).toEqual([
      expect.objectContaining({ type: 'credit', memberName: 'Grace', amountPence: 2500n }),
    ]);
    expect(state.members.map((member) => member.addedPence)).toEqual([0n, 2500n]);
    const activity = await db.prisma.activityEvent.findMany({ where: { potId: pot.id } });
    expect(activity.map((entry) => entry.summary)).toEqual(['Grace added £25.00']);
    // Both members' open tabs are told, after the commit.
    expect(live.notices.at(-1)).toEqual({
      userIds: pot.members.map((member) => member.caller.userId),
      topics: [`pot:${pot.id}`, 'pots'],
    });
  });

  it('announces a withdrawal to every other current member once, however often its event comes', async () => {
    const pot = await createPot(db.prisma, ['Ada', 'Grace', 'Alan', 'Joan']);
    const [ada, grace, alan, joan] = pot.members;
    await db.prisma.potMember.update({ where: { id: joan.id }, data: { removedAt: new Date() } });
    const withdrawal = event(pot, 2, 1500, {
      kind: 'withdrawal',
      amountPence: -1000,
      userId: grace.caller.userId,
      description: 'Withdrawal to bank',
    });
    await Promise.all([projection.apply(withdrawal), projection.apply(withdrawal)]);
    await projection.apply(withdrawal);
    await projection.apply(event(pot, 3, 2500, { amountPence: 1000, userId: ada.caller.userId }));

    const notices = await db.prisma.outboxMessage.findMany({ where: { jobName: 'notifications.notify.v1' } });
    const ours = notices
      .map((row) => row.payload as { kind: string; userId: string; key: string; title: string; link: string })
      .filter((notice) => notice.kind === 'pot_withdrawal' && notice.link === `/pot/${pot.id}`);
    // The owner and the other member, not the withdrawer (their own notice says it) nor a former member.
    expect(ours.map((notice) => notice.userId).sort()).toEqual(
      [ada.caller.userId, alan.caller.userId].sort(),
    );
    expect(new Set(ours.map((notice) => notice.key)).size).toBe(2);
    expect(ours[0]).toMatchObject({ title: 'Grace withdrew £10.00 to their bank' });
    const mails = await db.prisma.outboxMessage.findMany({
      where: { jobName: 'notifications.email.send.v1' },
    });
    expect(mails.filter((mail) => JSON.stringify(mail.payload).includes(pot.id))).toEqual([]);
  });

  it("puts a card purchase in the pot's Activity and tells every current member, once, however often it comes", async () => {
    const pot = await createPot(db.prisma, ['Ann', 'Ben', 'Cat']);
    const [ann, ben, cat] = pot.members;
    await db.prisma.potMember.update({ where: { id: cat.id }, data: { removedAt: new Date() } });
    const purchase: CardPurchaseCaptured = {
      potId: pot.id,
      userId: ann.caller.userId,
      transactionId: randomUUID(),
      amountPence: 450,
      merchant: 'Café Nero',
      occurredAt: new Date(Date.UTC(2026, 10, 22, 9, 30)).toISOString(),
    };
    await Promise.all([projection.recordCardPurchase(purchase), projection.recordCardPurchase(purchase)]);
    await projection.recordCardPurchase(purchase);

    const activity = await db.prisma.activityEvent.findMany({ where: { potId: pot.id } });
    expect(activity.map(({ type, actorName, summary }) => ({ type, actorName, summary }))).toEqual([
      {
        type: 'pot.card_purchase',
        actorName: 'Ann',
        summary: "Ann paid £4.50 at Café Nero with the pot's card",
      },
    ]);
    const notices = (
      await db.prisma.outboxMessage.findMany({ where: { jobName: 'notifications.notify.v1' } })
    )
      .map((row) => row.payload as { kind: string; userId: string; title: string; link: string })
      .filter((notice) => notice.link === `/pot/${pot.id}`);
    expect(notices.map(({ userId }) => userId).sort()).toEqual([ann.caller.userId, ben.caller.userId].sort());
    expect(notices[0]).toMatchObject({
      kind: 'card_purchase',
      title: "Ann paid £4.50 at Café Nero with the pot's card",
    });
    expect(live.notices.at(-1)).toEqual({
      userIds: [ann.caller.userId, ben.caller.userId],
      topics: [`pot:${pot.id}`],
    });
  });

  it('applies an event delivered twice (even concurrently) exactly once', async () => {
    const pot = await createPot(db.prisma, ['Ada']);
    const topUp = event(pot, 1, 1000);
    await Promise.all([projection.apply(topUp), projection.apply(topUp), projection.apply(topUp)]);
    await projection.apply(topUp);

    const state = await potState(pot);
    expect(state.balancePence).toBe(1000n);
    expect(state.totalAddedPence).toBe(1000n);
    expect(state.transactionCount).toBe(1);
    expect(state.transactions).toHaveLength(1);
    expect(state.members[0].addedPence).toBe(1000n);
  });

  it('reaches the same state whatever order the events arrive in', async () => {
    const history = (pot: TestPot) => [
      event(pot, 1, 5000, { amountPence: 5000 }),
      event(pot, 2, 3800, { kind: 'expense', amountPence: -1200, description: 'Dinner' }),
      event(pot, 3, 5000, { kind: 'expense_reversal', amountPence: 1200, description: 'Refund: Dinner' }),
      event(pot, 4, 4200, { kind: 'card_hold', amountPence: -800, userId: null, description: 'Tesco' }),
      event(pot, 5, 3200, { kind: 'withdrawal', amountPence: -1000, description: 'Withdrawal' }),
    ];
    const finalStates = [];
    for (const order of [
      [0, 1, 2, 3, 4],
      [4, 3, 2, 1, 0],
      [2, 0, 4, 1, 3],
      [1, 4, 0, 3, 2, 4, 1],
    ]) {
      const pot = await createPot(db.prisma, ['Ada']);
      const events = history(pot);
      for (const index of order) await projection.apply(events[index]);
      const state = await potState(pot);
      finalStates.push({
        balance: state.balancePence,
        sequence: state.balanceSequence,
        added: state.totalAddedPence,
        spent: state.totalSpentPence,
        count: state.transactionCount,
        contribution: state.members[0].addedPence,
        rows: state.transactions.map((row) => [row.type, row.memberName, row.amountPence, row.description]),
      });
    }
    expect(finalStates[0]).toEqual({
      balance: 3200n,
      sequence: 5n,
      added: 5000n,
      spent: 800n,
      count: 5,
      contribution: 5000n,
      rows: [
        ['credit', 'Ada', 5000n, 'Top-up'],
        ['debit', 'Ada', 1200n, 'Dinner'],
        ['credit', 'Ada', 1200n, 'Refund: Dinner'],
        ['debit', 'Card purchase', 800n, 'Tesco'],
        ['debit', 'Ada', 1000n, 'Withdrawal'],
      ],
    });
    for (const state of finalStates.slice(1)) expect(state).toEqual(finalStates[0]);
  });

  it('never lets an older balance overwrite a newer one, yet still records the older transaction', async () => {
    const pot = await createPot(db.prisma, ['Ada']);
    await projection.apply(event(pot, 7, 700));
    await projection.apply(event(pot, 6, 600));
    const state = await potState(pot);
    expect(state.balancePence).toBe(700n);
    expect(state.balanceSequence).toBe(7n);
    expect(state.transactions).toHaveLength(2);
    expect(state.totalAddedPence).toBe(2000n);
  });

  it('keeps the newest balance whatever order concurrent events commit in', async () => {
    const pot = await createPot(db.prisma, ['Ada']);
    const sequences = [4, 9, 1, 7, 2, 8, 3, 6, 5];
    await Promise.all(sequences.map((sequence) => projection.apply(event(pot, sequence, sequence * 1000))));
    const state = await potState(pot);
    expect(state.balancePence).toBe(9000n);
    expect(state.balanceSequence).toBe(9n);
    expect(state.transactionCount).toBe(9);
    expect(state.totalAddedPence).toBe(9000n);
    expect(state.members[0].addedPence).toBe(9000n);
  });

  it('records a card hold in one statement: debit row under the holder, spending, current members told', async () => {
    const pot = await createPot(db.prisma, ['Ada', 'Grace', 'Joan'], { balancePence: 5000 });
    const [ada, grace, joan] = pot.members;
    await db.prisma.potMember.update({ where: { id: joan.id }, data: { removedAt: new Date() } });
    const hold = event(pot, 3, 4200, {
      kind: 'card_hold',
      amountPence: -800,
      userId: grace.caller.userId,
      description: 'Corner Café',
    });
    await projection.apply(hold);
    await projection.apply(hold);

    const state = await potState(pot);
    expect(state.balancePence).toBe(4200n);
    expect(state.totalSpentPence).toBe(800n);
    expect(state.totalAddedPence).toBe(0n);
    expect(state.transactionCount).toBe(1);
    expect(state.transactions).toEqual([
      expect.objectContaining({
        type: 'debit',
        memberName: 'Grace',
        amountPence: 800n,
        description: 'Corner Café',
      }),
    ]);
    expect(state.members.every((member) => member.addedPence === 0n)).toBe(true);
    expect(await db.prisma.activityEvent.count({ where: { potId: pot.id } })).toBe(0);
    expect(live.notices.at(-1)).toEqual({
      userIds: expect.arrayContaining([ada.caller.userId, grace.caller.userId]),
      topics: [`pot:${pot.id}`, 'pots'],
    });
    expect(live.notices.at(-1)?.userIds).toHaveLength(2);
  });

  it('shows a move by someone no longer findable in the pot under a neutral label', async () => {
    const pot = await createPot(db.prisma, ['Ada']);
    await projection.apply(event(pot, 1, 500, { amountPence: 500, userId: randomUUID() }));
    const state = await potState(pot);
    expect(state.transactions[0].memberName).toBe('Kitty');
    expect(state.totalAddedPence).toBe(500n);
    expect(state.members[0].addedPence).toBe(0n);
  });

  it('fails without retry for a pot that does not exist', async () => {
    const ghost = {
      id: randomUUID(),
      owner: { id: randomUUID(), caller: { userId: randomUUID(), name: 'X', email: 'x@example.com' } },
      members: [],
    };
    await expect(projection.apply(event(ghost, 1, 100))).rejects.toBeInstanceOf(UnrecoverableError);
  });
});
