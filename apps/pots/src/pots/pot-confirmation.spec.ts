// Who may change who-owes-whom, against the real Postgres: a record of someone else's payment
// moves nobody until that person (or the owner) confirms it, and a declined one never does.
import { randomUUID } from 'node:crypto';

import type { CreateExpenseRequest } from '@kitty/contracts';

import { BalancesService } from '../balances/balances.service';
import { ExpenseService } from '../expenses/expense.service';
import { idleRelay } from '../testing/fake-payments';
import { createPot, type PotsTestDatabase, potsTestDatabase, type TestPot } from '../testing/pot-factory';

describe('confirming records of other people’s payments (PostgreSQL)', () => {
  let db: PotsTestDatabase;
  let expenses: ExpenseService;
  let balances: BalancesService;

  beforeAll(() => {
    db = potsTestDatabase();
    expenses = new ExpenseService(db.work, idleRelay);
    balances = new BalancesService(db.work);
  }, 60_000);

  afterAll(() => db?.close());

  const positions = async (pot: TestPot) => {
    const result = await balances.balances({ caller: pot.owner.caller, potId: pot.id });
    return { nets: result.positions.map((position) => position.netPence), plan: result.plan };
  };
  const untouched = { nets: [0, 0, 0], plan: [] };
  const feed = async (pot: TestPot) =>
    (await balances.activity({ caller: pot.owner.caller, potId: pot.id })).map((entry) => entry.summary);

  /** Ann (owner), Ben and Cat; Cat records that Ben paid £40 for dinner split by all three. */
  const paidByBen = (pot: TestPot, amountPence = 4000): CreateExpenseRequest => ({
    description: 'Dinner',
    amountPence,
    paidFrom: 'member',
    payerMemberId: pot.members[1].id,
    category: 'food',
    split: { mode: 'equal', members: pot.members.map((member) => ({ memberId: member.id })) },
  });
  const recordByCat = (pot: TestPot, body = paidByBen(pot)) =>
    expenses.create({ caller: pot.members[2].caller, potId: pot.id, body, idempotencyKey: randomUUID() });
  const newPot = () => createPot(db.prisma, ['Ann', 'Ben', 'Cat']);

  describe('an expense paid by someone else', () => {
    it('is pending and moves nobody until the payer confirms it', async () => {
      const pot = await newPot();
      const expense = await recordByCat(pot);
      expect(expense).toMatchObject({ status: 'pending', awaitingMemberId: pot.members[1].id });
      expect(expense.createdByName).toBe('Cat');
      await expect(positions(pot)).resolves.toEqual(untouched);

      const confirmed = await expenses.decide({
        caller: pot.members[1].caller,
        potId: pot.id,
        expenseId: expense.id,
        decision: 'confirm',
      });
      expect(confirmed).toMatchObject({ status: 'confirmed', awaitingMemberId: null });
      const after = await positions(pot);
      expect(after.nets).toEqual([-1334, 2667, -1333]);
      expect(after.plan).toHaveLength(2);
      expect(await feed(pot)).toEqual([
        'Ben confirmed that Ben paid £40.00 for "Dinner"',
        'Cat recorded that Ben paid £40.00 for "Dinner" — waiting for Ben to confirm',
      ]);
    });

    it('moves nobody when the payer declines it, and disappears from the list', async () => {
      const pot = await newPot();
      const expense = await recordByCat(pot);
      const declined = await expenses.decide({
        caller: pot.members[1].caller,
        potId: pot.id,
        expenseId: expense.id,
        decision: 'decline',
      });
      expect(declined.status).toBe('declined');
      await expect(positions(pot)).resolves.toEqual(untouched);
      await expect(expenses.list({ caller: pot.owner.caller, potId: pot.id })).resolves.toEqual([]);
      expect((await feed(pot))[0]).toBe('Ben declined Cat\'s record that Ben paid £40.00 for "Dinner"');
      // Once declined it cannot be confirmed after all.
      await expect(
        expenses.decide({
          caller: pot.members[1].caller,
          potId: pot.id,
          expenseId: expense.id,
          decision: 'confirm',
        }),
      ).rejects.toMatchObject({ problem: { status: 409 } });
    });

    it('may be confirmed by the owner, not by the member who recorded it or anyone else', async () => {
      const pot = await newPot();
      const expense = await recordByCat(pot);
      const decide = (caller: (typeof pot.members)[number]) =>
        expenses.decide({ caller: caller.caller, potId: pot.id, expenseId: expense.id, decision: 'confirm' });
      await expect(decide(pot.members[2])).rejects.toMatchObject({
        problem: { status: 403, detail: 'Only Ben or the pot owner can confirm this.' },
      });
      await expect(positions(pot)).resolves.toEqual(untouched);
      await expect(decide(pot.owner)).resolves.toMatchObject({ status: 'confirmed' });
      // A repeat answers the same and moves nothing twice.
      await expect(decide(pot.owner)).resolves.toMatchObject({ status: 'confirmed' });
      expect((await positions(pot)).nets).toEqual([-1334, 2667, -1333]);
    });

    it('counts at once when the owner records it (the owner could confirm it)', async () => {
      const pot = await newPot();
      const expense = await expenses.create({
        caller: pot.owner.caller,
        potId: pot.id,
        body: paidByBen(pot),
        idempotencyKey: randomUUID(),
      });
      expect(expense.status).toBe('confirmed');
      expect((await positions(pot)).nets).toEqual([-1334, 2667, -1333]);
      expect((await feed(pot))[0]).toBe('Ann recorded that Ben paid £40.00 for "Dinner"');
    });

    it('counts at once when the payer records it', async () => {
      const pot = await newPot();
      const expense = await expenses.create({
        caller: pot.members[1].caller,
        potId: pot.id,
        body: paidByBen(pot),
        idempotencyKey: randomUUID(),
      });
      expect(expense).toMatchObject({ status: 'confirmed', awaitingMemberId: null });
      expect((await positions(pot)).nets).toEqual([-1334, 2667, -1333]);
    });

    it("keeps the payer's confirmed credit from a change or deletion by anyone but the owner", async () => {
      const pot = await newPot();
      const expense = await recordByCat(pot);
      await expenses.decide({
        caller: pot.members[1].caller,
        potId: pot.id,
        expenseId: expense.id,
        decision: 'confirm',
      });
      const confirmedNets = (await positions(pot)).nets;
      const byCat = { caller: pot.members[2].caller, potId: pot.id, expenseId: expense.id };
      await expect(expenses.update({ ...byCat, body: { amountPence: 100_000_00 } })).rejects.toMatchObject({
        problem: { status: 409, title: 'Ask the pot owner' },
      });
      await expect(expenses.delete(byCat)).rejects.toMatchObject({ problem: { status: 409 } });
      expect((await positions(pot)).nets).toEqual(confirmedNets);
      // The owner may: the change counts at once, as any record of theirs.
      const edited = await expenses.update({
        caller: pot.owner.caller,
        potId: pot.id,
        expenseId: expense.id,
        body: { amountPence: 30_00 },
      });
      expect(edited.status).toBe('confirmed');
    });

    it('waits for the payer again when its recorder changes a pending one, which moved nobody', async () => {
      const pot = await newPot();
      const expense = await recordByCat(pot);
      const edited = await expenses.update({
        caller: pot.members[2].caller,
        potId: pot.id,
        expenseId: expense.id,
        body: { amountPence: 100_000_00 },
      });
      expect(edited).toMatchObject({ status: 'pending', awaitingMemberId: pot.members[1].id });
      expect((await positions(pot)).nets).toEqual([0, 0, 0]);
      // Deleting a pending expense takes back nothing it never moved.
      await expenses.delete({ caller: pot.members[2].caller, potId: pot.id, expenseId: expense.id });
      expect((await positions(pot)).nets).toEqual([0, 0, 0]);
    });
  });

  describe('a settlement', () => {
    const settle = (pot: TestPot, caller: TestPot['members'][number], fromIndex: number, toIndex: number) =>
      balances.settle({
        caller: caller.caller,
        potId: pot.id,
        body: {
          fromMemberId: pot.members[fromIndex].id,
          toMemberId: pot.members[toIndex].id,
          amountPence: 100_000_000,
          payWithKitty: false,
        },
        idempotencyKey: randomUUID(),
      });

    it('between two other people is refused, even from the owner', async () => {
      const pot = await newPot();
      await expect(settle(pot, pot.members[0], 2, 1)).rejects.toMatchObject({ problem: { status: 403 } });
      await expect(settle(pot, pot.members[1], 2, 0)).rejects.toMatchObject({ problem: { status: 403 } });
      await expect(db.prisma.settlement.count({ where: { potId: pot.id } })).resolves.toBe(0);
    });

    it('recorded by its payer waits for the payee, who can decline it', async () => {
      const pot = await newPot();
      const claimed = await settle(pot, pot.members[2], 2, 0);
      expect(claimed).toMatchObject({
        status: 'pending',
        awaitingMemberId: pot.owner.id,
        createdByName: 'Cat',
      });
      await expect(positions(pot)).resolves.toEqual(untouched);
      await expect(
        balances.decideSettlement({
          caller: pot.members[2].caller,
          potId: pot.id,
          settlementId: claimed.id,
          decision: 'confirm',
        }),
      ).rejects.toMatchObject({ problem: { status: 403 } });
      await balances.decideSettlement({
        caller: pot.owner.caller,
        potId: pot.id,
        settlementId: claimed.id,
        decision: 'decline',
      });
      await expect(positions(pot)).resolves.toEqual(untouched);
      expect(await feed(pot)).toEqual([
        "Ann declined Cat's record that Cat paid Ann £1,000,000.00",
        'Cat recorded that Cat paid Ann £1,000,000.00 — waiting for Ann to confirm',
      ]);
    });

    it('recorded by its payee waits for the payer, and counts once confirmed', async () => {
      const pot = await newPot();
      const recorded = await settle(pot, pot.members[2], 1, 2);
      expect(recorded).toMatchObject({ status: 'pending', awaitingMemberId: pot.members[1].id });
      const pending = await balances.listSettlements({ caller: pot.members[2].caller, potId: pot.id });
      expect(pending.map((settlement) => settlement.id)).toEqual([recorded.id]);
      await balances.decideSettlement({
        caller: pot.members[1].caller,
        potId: pot.id,
        settlementId: recorded.id,
        decision: 'confirm',
      });
      const after = await positions(pot);
      expect(after.nets).toEqual([0, 100_000_000, -100_000_000]);
      expect(after.plan).toEqual([
        { fromMemberId: pot.members[2].id, toMemberId: pot.members[1].id, amountPence: 100_000_000 },
      ]);
      expect((await feed(pot))[0]).toBe('Ben confirmed that Ben paid Cat £1,000,000.00');
    });

    it('recorded by the owner as one of its two people counts at once (the owner could confirm it)', async () => {
      const pot = await newPot();
      await expect(settle(pot, pot.owner, 1, 0)).resolves.toMatchObject({ status: 'confirmed' });
      expect((await positions(pot)).nets).toEqual([-100_000_000, 100_000_000, 0]);
      expect((await feed(pot))[0]).toBe('Ann recorded that Ben paid Ann £1,000,000.00');
    });
  });
});
