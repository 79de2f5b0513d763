// Simplify debts on and off, against the real Postgres: the pairs (pot_debts) move in the
// same transaction as the positions and always add up to them; with simplifying off the plan is each pair's
// debt; a settled member who leaves passes theirs on; an older pot's pairs are rebuilt from its history;
// 'Why?' lists the expenses and payments behind a transfer.
import { randomUUID } from 'node:crypto';

import { type CreateExpenseRequest, DEFAULT_POT_RULES } from '@kitty/contracts';

import { BalancesService } from '../balances/balances.service';
import { PlanExplanationService } from '../balances/plan-explanation';
import { ExpenseService } from '../expenses/expense.service';
import { PotRulesService } from '../pots/pot-rules';
import { idleRelay } from '../testing/fake-payments';
import { createPot, type PotsTestDatabase, potsTestDatabase, type TestPot } from '../testing/pot-factory';
import { problemOf } from '../testing/problem-of';

describe('direct debts: simplify on and off (PostgreSQL)', () => {
  let db: PotsTestDatabase;
  let expenses: ExpenseService;
  let balances: BalancesService;
  let rules: PotRulesService;
  let explanations: PlanExplanationService;

  beforeAll(() => {
    db = potsTestDatabase();
    expenses = new ExpenseService(db.work, idleRelay);
    balances = new BalancesService(db.work);
    rules = new PotRulesService(db.work);
    explanations = new PlanExplanationService(db.work);
  }, 60_000);

  afterAll(() => db?.close());

  /** Ann (owner) records everything, so nothing waits for confirmation. */
  const spend = (pot: TestPot, description: string, amountPence: number, payer: number, sharers: number[]) =>
    expenses.create({
      caller: pot.owner.caller,
      potId: pot.id,
      idempotencyKey: randomUUID(),
      body: {
        description,
        amountPence,
        paidFrom: 'member',
        payers: [{ memberId: pot.members[payer].id, amountPence }],
        category: 'food',
        split: { mode: 'equal', members: sharers.map((index) => ({ memberId: pot.members[index].id })) },
      } satisfies CreateExpenseRequest,
    });
  const simplify = (pot: TestPot, simplifyDebts: boolean) =>
    rules.update({
      caller: pot.owner.caller,
      potId: pot.id,
      body: { ...DEFAULT_POT_RULES, simplifyDebts },
    });
  /** `from` records paying `to` back, and the owner confirms it. */
  const pay = async (pot: TestPot, from: number, to: number, amountPence: number) => {
    const recorded = await balances.settle({
      caller: pot.members[from].caller,
      potId: pot.id,
      idempotencyKey: randomUUID(),
      body: {
        fromMemberId: pot.members[from].id,
        toMemberId: pot.members[to].id,
        amountPence,
        payWithKitty: false,
      },
    });
    await balances.decideSettlement({
      caller: pot.owner.caller,
      potId: pot.id,
      settlementId: recorded.id,
      decision: 'confirm',
    });
  };
  /** The plan in names: 'Ben→Ann 1500'. */
  const plan = async (pot: TestPot) => {
    const names = new Map(pot.members.map((member) => [member.id, member.caller.name]));
    const { plan: transfers } = await balances.balances({ caller: pot.owner.caller, potId: pot.id });
    return transfers
      .map((t) => `${names.get(t.fromMemberId)}→${names.get(t.toMemberId)} ${t.amountPence}`)
      .sort();
  };
  /** Every member's pairs add up to their net position. */
  const expectPairsToMatchPositions = async (pot: TestPot) => {
    const [pairs, members] = await Promise.all([
      db.prisma.potDebt.findMany({ where: { potId: pot.id } }),
      db.prisma.potMember.findMany({ where: { potId: pot.id } }),
    ]);
    for (const member of members) {
      const fromPairs = pairs.reduce(
        (sum, pair) =>
          sum +
          (pair.highMemberId === member.id ? pair.lowOwesHighPence : 0n) -
          (pair.lowMemberId === member.id ? pair.lowOwesHighPence : 0n),
        0n,
      );
      expect(fromPairs).toBe(member.netPence);
    }
  };
  /** Ann paid £30 lunch for Ann and Ben; Ben paid £30 taxi for Ben and Cat: Ben is square overall. */
  const lunchAndTaxi = async () => {
    const pot = await createPot(db.prisma, ['Ann', 'Ben', 'Cat']);
    const lunch = await spend(pot, 'Lunch', 3000, 0, [0, 1]);
    await spend(pot, 'Taxi', 3000, 1, [1, 2]);
    return { pot, lunch };
  };

  it('pays back exactly whom you owe with simplifying off, and the fewest payments with it on', async () => {
    const { pot } = await lunchAndTaxi();
    expect(await plan(pot)).toEqual(['Cat→Ann 1500']);

    await simplify(pot, false);
    expect(await plan(pot)).toEqual(['Ben→Ann 1500', 'Cat→Ben 1500']);
    const pots = await db.prisma.pot.findUniqueOrThrow({ where: { id: pot.id } });
    expect(pots.simplifyDebts).toBe(false);
    const feed = await balances.activity({ caller: pot.owner.caller, potId: pot.id });
    expect(feed[0].summary).toBe(
      'Ann changed the pot rules: debts not simplified (everyone pays back exactly whom they owe)',
    );

    await simplify(pot, true);
    expect(await plan(pot)).toEqual(['Cat→Ann 1500']);
    await expectPairsToMatchPositions(pot);
  });

  it('follows payments, edits and deletions pair by pair', async () => {
    const { pot, lunch } = await lunchAndTaxi();
    await simplify(pot, false);
    await pay(pot, 1, 0, 500);
    expect(await plan(pot)).toEqual(['Ben→Ann 1000', 'Cat→Ben 1500']);

    await expenses.update({
      caller: pot.owner.caller,
      potId: pot.id,
      expenseId: lunch.id,
      body: { amountPence: 5000 },
    });
    expect(await plan(pot)).toEqual(['Ben→Ann 2000', 'Cat→Ben 1500']);

    await expenses.delete({ caller: pot.owner.caller, potId: pot.id, expenseId: lunch.id });
    // Ben's £5 payment to Ann stays: Ann now owes it back.
    expect(await plan(pot)).toEqual(['Ann→Ben 500', 'Cat→Ben 1500']);
    await expectPairsToMatchPositions(pot);
  });

  it('passes on the debts of a settled member who leaves: nobody pays someone who is gone', async () => {
    const { pot } = await lunchAndTaxi();
    await simplify(pot, false);
    await balances.leave({ caller: pot.members[1].caller, potId: pot.id });
    expect(await plan(pot)).toEqual(['Cat→Ann 1500']);
    await expectPairsToMatchPositions(pot);
  });

  it("rebuilds an older pot's pairs from its history the first time simplifying is turned off", async () => {
    const { pot } = await lunchAndTaxi();
    await pay(pot, 2, 1, 700);
    // As the migration leaves a pot from before pairs: none kept, marked incomplete.
    await db.prisma.potDebt.deleteMany({ where: { potId: pot.id } });
    await db.prisma.pot.update({ where: { id: pot.id }, data: { directDebtsComplete: false } });

    await simplify(pot, false);
    expect(await plan(pot)).toEqual(['Ben→Ann 1500', 'Cat→Ben 800']);
    expect((await db.prisma.pot.findUniqueOrThrow({ where: { id: pot.id } })).directDebtsComplete).toBe(true);
    await expectPairsToMatchPositions(pot);
  });

  it('keeps the pairs equal to the positions through many expenses with several payers', async () => {
    const pot = await createPot(db.prisma, ['Ann', 'Ben', 'Cat', 'Dan']);
    await simplify(pot, false);
    let seed = 7;
    const next = (below: number) => (seed = (seed * 48271) % 2147483647) % below;
    for (let round = 0; round < 12; round++) {
      const amountPence = 101 + next(20_000);
      const first = next(4);
      const second = (first + 1 + next(3)) % 4;
      const firstPays = 1 + next(amountPence - 1);
      await expenses.create({
        caller: pot.owner.caller,
        potId: pot.id,
        idempotencyKey: randomUUID(),
        body: {
          description: `Round ${round}`,
          amountPence,
          paidFrom: 'member',
          payers: [
            { memberId: pot.members[first].id, amountPence: firstPays },
            { memberId: pot.members[second].id, amountPence: amountPence - firstPays },
          ],
          category: 'other',
          split: {
            mode: 'shares',
            members: pot.members.map((member, index) => ({
              memberId: member.id,
              value: 1 + ((index + round) % 3),
            })),
          },
        },
      });
    }
    await expectPairsToMatchPositions(pot);
    // Paying the whole direct plan settles everyone.
    const { plan: transfers } = await balances.balances({ caller: pot.owner.caller, potId: pot.id });
    const index = (memberId: string) => pot.members.findIndex(({ id }) => id === memberId);
    for (const transfer of transfers)
      await pay(pot, index(transfer.fromMemberId), index(transfer.toMemberId), transfer.amountPence);
    const after = await balances.balances({ caller: pot.owner.caller, potId: pot.id });
    expect(after.plan).toEqual([]);
    expect(after.positions.map(({ netPence }) => netPence)).toEqual([0, 0, 0, 0]);
  });

  it('explains a transfer with the expenses and payments between the two people', async () => {
    const { pot, lunch } = await lunchAndTaxi();
    const [ann, ben, cat] = pot.members;
    await pay(pot, 1, 0, 500);
    const benToAnn = await explanations.explain({
      caller: cat.caller,
      potId: pot.id,
      fromMemberId: ben.id,
      toMemberId: ann.id,
    });
    expect(benToAnn).toMatchObject({
      simplified: true,
      directPence: 1000,
      earlierPence: 0,
      passedOnPence: 0,
      fromNetPence: 500,
      toNetPence: 1000,
    });
    expect(
      benToAnn.items.map(({ kind, id, description, amountPence }) => ({
        kind,
        id,
        description,
        amountPence,
      })),
    ).toEqual([
      { kind: 'payment', id: expect.any(String), description: null, amountPence: -500 },
      { kind: 'expense', id: lunch.id, description: 'Lunch', amountPence: 1500 },
    ]);
    // Simplified, Cat pays Ann though they share no expense: nothing between them, their positions explain it.
    const catToAnn = await explanations.explain({
      caller: ann.caller,
      potId: pot.id,
      fromMemberId: cat.id,
      toMemberId: ann.id,
    });
    expect(catToAnn).toMatchObject({ directPence: 0, items: [], fromNetPence: -1500, toNetPence: 1000 });
  });

  it('explains nothing to a stranger, nor about someone from another pot', async () => {
    const { pot } = await lunchAndTaxi();
    const other = await createPot(db.prisma, ['Eve', 'Fay']);
    const asked = (caller: TestPot['owner']['caller'], fromMemberId: string) =>
      problemOf(explanations.explain({ caller, potId: pot.id, fromMemberId, toMemberId: pot.members[0].id }));
    expect((await asked(other.owner.caller, pot.members[1].id)).status).toBe(404);
    expect((await asked(pot.owner.caller, other.members[1].id)).status).toBe(404);
    expect((await asked(pot.owner.caller, pot.members[0].id)).status).toBe(404);
  });
});
