// Several payers per expense, against the real Postgres: each payer is credited what they
// paid, positions and the plan follow, edits move the credits, and payers who cannot have paid are refused.
import { randomUUID } from 'node:crypto';

import type { CreateExpenseRequest, ExpensePayerInput } from '@kitty/contracts';

import { BalancesService } from '../balances/balances.service';
import type { PotService } from '../pots/pot.service';
import { idleRelay } from '../testing/fake-payments';
import { createPot, type PotsTestDatabase, potsTestDatabase, type TestPot } from '../testing/pot-factory';
import { potServiceOn } from '../testing/services';
import { ExpenseService } from './expense.service';

describe('several payers per expense (PostgreSQL)', () => {
  let db: PotsTestDatabase;
  let expenses: ExpenseService;
  let balances: BalancesService;
  let pots: PotService;

  beforeAll(() => {
    db = potsTestDatabase();
    expenses = new ExpenseService(db.work, idleRelay);
    balances = new BalancesService(db.work);
    pots = potServiceOn(db.prisma);
  }, 60_000);

  afterAll(() => db?.close());

  /** Ann (owner), Ben and Cat. */
  const newPot = () => createPot(db.prisma, ['Ann', 'Ben', 'Cat']);
  const paid = (pot: TestPot, ...amounts: [index: number, amountPence: number][]): ExpensePayerInput[] =>
    amounts.map(([index, amountPence]) => ({ memberId: pot.members[index].id, amountPence }));
  /** £100 dinner shared equally by all three: £33.34, £33.33, £33.33. */
  const dinner = (pot: TestPot, payers: ExpensePayerInput[], amountPence = 10_000): CreateExpenseRequest => ({
    description: 'Dinner',
    amountPence,
    paidFrom: 'member',
    payers,
    category: 'food',
    split: { mode: 'equal', members: pot.members.map((member) => ({ memberId: member.id })) },
  });
  const record = (pot: TestPot, body: CreateExpenseRequest, by = 0) =>
    expenses.create({ caller: pot.members[by].caller, potId: pot.id, body, idempotencyKey: randomUUID() });
  const positions = async (pot: TestPot) => {
    const result = await balances.balances({ caller: pot.owner.caller, potId: pot.id });
    return { nets: result.positions.map((position) => position.netPence), plan: result.plan };
  };
  const feed = async (pot: TestPot) =>
    (await balances.activity({ caller: pot.owner.caller, potId: pot.id })).map((entry) => entry.summary);

  it('credits each payer what they paid; the plan, the chart and the quick stats follow', async () => {
    const pot = await newPot();
    const expense = await record(pot, dinner(pot, paid(pot, [0, 6000], [1, 4000])));
    expect(expense).toMatchObject({
      status: 'confirmed',
      payerMemberId: pot.members[0].id,
      payers: [
        { memberId: pot.members[0].id, name: 'Ann', amountPence: 6000 },
        { memberId: pot.members[1].id, name: 'Ben', amountPence: 4000 },
      ],
    });
    const [ann, ben, cat] = pot.members.map((member) => member.id);
    const { nets, plan } = await positions(pot);
    expect(nets).toEqual([6000 - 3334, 4000 - 3333, -3333]);
    expect(plan).toEqual(
      expect.arrayContaining([
        { fromMemberId: cat, toMemberId: ann, amountPence: 2666 },
        { fromMemberId: cat, toMemberId: ben, amountPence: 667 },
      ]),
    );
    expect(plan).toHaveLength(2);
    const detail = await pots.get({ caller: pot.owner.caller, potId: pot.id });
    expect(detail.contributions.map((member) => member.paidPence)).toEqual([6000, 4000, 0]);
    // One expense, counted once, whoever paid it.
    expect(detail.stats).toMatchObject({ totalTransactions: 1, paidByMembersPence: 10_000 });
    expect(await feed(pot)).toEqual(['Ann recorded that Ann paid £60.00 and Ben £40.00 for "Dinner"']);
    const [listed] = await expenses.list({ caller: pot.members[2].caller, potId: pot.id });
    expect(listed.payers.map((payer) => payer.amountPence)).toEqual([6000, 4000]);
  });

  it('keeps the single payer field working: one payer paid it all', async () => {
    const pot = await newPot();
    const { payers: _, ...single } = dinner(pot, []);
    const expense = await record(pot, { ...single, payerMemberId: pot.members[0].id });
    expect(expense.payers).toEqual([{ memberId: pot.members[0].id, name: 'Ann', amountPence: 10_000 }]);
    expect((await positions(pot)).nets).toEqual([6666, -3333, -3333]);
  });

  it.each([
    [
      'a stranger',
      (pot: TestPot) => [...paid(pot, [0, 6000]), { memberId: randomUUID(), amountPence: 4000 }],
      'Everyone who paid must be a member of this pot.',
    ],
    [
      'amounts short of the total',
      (pot: TestPot) => paid(pot, [0, 6000], [1, 3999]),
      "What each person paid adds up to £99.99, not the expense's £100.00.",
    ],
    [
      'the same payer twice',
      (pot: TestPot) => paid(pot, [0, 5000], [0, 5000]),
      'Each person can be named only once among those who paid.',
    ],
  ])('refuses %s, and nothing moves', async (_what, payers, detail) => {
    const pot = await newPot();
    await expect(record(pot, dinner(pot, payers(pot)))).rejects.toMatchObject({
      problem: { status: 400, detail },
    });
    expect((await positions(pot)).nets).toEqual([0, 0, 0]);
    await expect(db.prisma.expense.count({ where: { potId: pot.id } })).resolves.toBe(0);
  });

  it('moves the credits when an edit changes who paid, and takes them all back on delete', async () => {
    const pot = await newPot();
    const expense = await record(pot, dinner(pot, paid(pot, [0, 10_000])));
    const edit = (body: Parameters<ExpenseService['update']>[0]['body']) =>
      expenses.update({ caller: pot.owner.caller, potId: pot.id, expenseId: expense.id, body });
    await edit({ payers: paid(pot, [0, 6000], [1, 4000]) });
    expect((await positions(pot)).nets).toEqual([2666, 667, -3333]);
    expect((await feed(pot))[0]).toBe('Ann edited "Dinner": paid by Ann → Ann £60.00, Ben £40.00');

    // A new amount needs new payers' amounts once there are several...
    await expect(edit({ amountPence: 12_000 })).rejects.toMatchObject({
      problem: { status: 400, detail: 'The amount changed: say how much each person paid of it.' },
    });
    await expect(edit({ payers: paid(pot, [0, 6000], [1, 3000]) })).rejects.toMatchObject({
      problem: { status: 400, detail: "What each person paid adds up to £90.00, not the expense's £100.00." },
    });
    await edit({ amountPence: 12_000, payers: paid(pot, [1, 2000], [2, 10_000]) });
    expect((await positions(pot)).nets).toEqual([-4000, 2000 - 4000, 10_000 - 4000]);

    // ...and back to one payer, who then pays whatever the amount becomes.
    await edit({ payers: paid(pot, [2, 12_000]) });
    await edit({ amountPence: 9000 });
    expect((await positions(pot)).nets).toEqual([-3000, -3000, 6000]);
    const detail = await pots.get({ caller: pot.owner.caller, potId: pot.id });
    expect(detail.contributions.map((member) => member.paidPence)).toEqual([0, 0, 9000]);
    expect(detail.stats.totalTransactions).toBe(1);

    await expenses.delete({ caller: pot.owner.caller, potId: pot.id, expenseId: expense.id });
    expect(await positions(pot)).toEqual({ nets: [0, 0, 0], plan: [] });
    const after = await pots.get({ caller: pot.owner.caller, potId: pot.id });
    expect(after.contributions.map((member) => member.paidPence)).toEqual([0, 0, 0]);
    expect(after.stats.totalTransactions).toBe(0);
  });

  it('refuses payers for an expense the pot paid', async () => {
    const pot = await createPot(db.prisma, ['Ann', 'Ben', 'Cat'], { balancePence: 50_000 });
    const row = await db.prisma.expense.create({
      data: {
        potId: pot.id,
        description: 'Tickets',
        amountPence: 1000,
        paidFrom: 'pot',
        splitMode: 'equal',
        createdBy: pot.owner.caller.userId,
        shares: { create: [{ memberId: pot.owner.id, amountPence: 1000, position: 0 }] },
      },
    });
    await expect(
      expenses.update({
        caller: pot.owner.caller,
        potId: pot.id,
        expenseId: row.id,
        body: { payers: paid(pot, [0, 1000]) },
      }),
    ).rejects.toMatchObject({
      problem: { status: 400, detail: 'The pot paid this expense: it has no payers.' },
    });
  });

  it('waits for everyone it credits but the recorder; counts at once only when it credits nobody else', async () => {
    const pot = await newPot();
    const byCat = await record(pot, dinner(pot, paid(pot, [0, 6000], [1, 4000])), 2);
    expect(byCat).toMatchObject({ status: 'pending', awaitingMemberId: pot.members[0].id });
    expect((await positions(pot)).nets).toEqual([0, 0, 0]);
    expect(await feed(pot)).toEqual([
      'Cat recorded that Ann paid £60.00 and Ben £40.00 for "Dinner" — waiting for Ann and Ben to confirm',
    ]);
    // Ann is the pot's owner, who may confirm any record: for Ben too.
    await expenses.decide({
      caller: pot.owner.caller,
      potId: pot.id,
      expenseId: byCat.id,
      decision: 'confirm',
    });
    expect((await positions(pot)).nets).toEqual([2666, 667, -3333]);
    expect((await feed(pot))[0]).toBe('Ann confirmed that Ann paid £60.00 and Ben £40.00 for "Dinner"');

    // Ben paid half, but Ann paid more than her share: it waits for her.
    const byBen = await record(pot, dinner(pot, paid(pot, [0, 5000], [1, 5000])), 1);
    expect(byBen).toMatchObject({ status: 'pending', awaitingMemberId: pot.members[0].id });
    // Ben paid it all: only he is credited, so it counts at once.
    const allBen = await record(pot, dinner(pot, paid(pot, [1, 10_000])), 1);
    expect(allBen.status).toBe('confirmed');
    expect((await positions(pot)).nets).toEqual([2666 - 3334, 667 + 6667, -3333 - 3333]);
  });

  it('moves nobody until each member it credits has confirmed, in turn, whatever share the recorder paid', async () => {
    const pot = await createPot(db.prisma, ['Ann', 'Ben', 'Cat', 'Dan']);
    const [ann, ben, cat, dan] = pot.members;
    // Dan pays a penny so as to be "among the payers", and puts the whole bill on Ann.
    const body: CreateExpenseRequest = {
      description: 'Villa',
      amountPence: 10_000,
      paidFrom: 'member',
      payers: paid(pot, [1, 6000], [2, 3999], [3, 1]),
      category: 'lodging',
      split: { mode: 'equal', members: [{ memberId: ann.id }] },
    };
    const recorded = await record(pot, body, 3);
    expect(recorded).toMatchObject({ status: 'pending', awaitingMemberId: ben.id });
    const decide = (by: number, decision: 'confirm' | 'decline' = 'confirm') =>
      expenses.decide({ caller: pot.members[by].caller, potId: pot.id, expenseId: recorded.id, decision });
    await expect(decide(2)).rejects.toMatchObject({ problem: { status: 403 } });
    expect(await decide(1)).toMatchObject({ status: 'pending', awaitingMemberId: cat.id });
    expect((await positions(pot)).nets).toEqual([0, 0, 0, 0]);
    expect((await feed(pot))[0]).toBe(
      'Ben confirmed that Ben paid £60.00, Cat £39.99 and Dan £0.01 for "Villa" — waiting for Cat to confirm',
    );
    expect(await decide(2)).toMatchObject({ status: 'confirmed', awaitingMemberId: null });
    expect((await positions(pot)).nets).toEqual([-10_000, 6000, 3999, 1]);

    // Dan's own expense, edited to say Ben paid: it waits for Ben again, and moves nobody meanwhile.
    const own = await record(
      pot,
      {
        ...body,
        description: 'Snacks',
        payers: paid(pot, [3, 10_000]),
        split: { mode: 'equal', members: [{ memberId: dan.id }] },
      },
      3,
    );
    expect(own.status).toBe('confirmed');
    const edited = await expenses.update({
      caller: dan.caller,
      potId: pot.id,
      expenseId: own.id,
      body: {
        payers: paid(pot, [1, 9999], [3, 1]),
        split: { mode: 'equal', members: [{ memberId: ann.id }] },
      },
    });
    expect(edited).toMatchObject({ status: 'pending', awaitingMemberId: ben.id });
    expect((await positions(pot)).nets).toEqual([-10_000, 6000, 3999, 1]);
  });
});
