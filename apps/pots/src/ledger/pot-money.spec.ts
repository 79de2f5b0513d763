// The pots side of pot and wallet money, against the real Postgres with payments played in memory: what pots
// prepares (checking everything before any money moves), what it records from a payment (once, never
// refused), and the refund it asks for when a pot-paid expense is deleted.
import { randomUUID } from 'node:crypto';

import { type CreateExpenseRequest, DEFAULT_POT_RULES, ProblemCodes } from '@kitty/contracts';

import { BalancesService } from '../balances/balances.service';
import { ExpenseService } from '../expenses/expense.service';
import type { PotService } from '../pots/pot.service';
import { expenseKey, FakePayments, idleRelay, potAccount, walletAccount } from '../testing/fake-payments';
import { createPot, type PotsTestDatabase, potsTestDatabase, type TestPot } from '../testing/pot-factory';
import { problemOf } from '../testing/problem-of';
import { potServiceOn } from '../testing/services';

describe('pot money paid by payments (PostgreSQL, payments in memory)', () => {
  let db: PotsTestDatabase;
  let payments: FakePayments;
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

  beforeEach(() => {
    payments = new FakePayments(db.prisma);
  });

  const potExpense = (pot: TestPot, amountPence = 1200): CreateExpenseRequest => ({
    description: 'Dinner',
    amountPence,
    paidFrom: 'pot',
    category: 'food',
    split: { mode: 'equal', members: pot.members.map((member) => ({ memberId: member.id })) },
  });
  const expensesOf = (pot: TestPot) => db.prisma.expense.findMany({ where: { potId: pot.id } });
  const command = (pot: TestPot, body = potExpense(pot), idempotencyKey = randomUUID()) => ({
    idempotencyKey,
    caller: pot.owner.caller,
    potId: pot.id,
    body,
  });

  describe('an expense paid from the pot', () => {
    it('is prepared without writing anything, paid under its own id, then recorded with the payment', async () => {
      const pot = await createPot(db.prisma, ['Ada', 'Grace']);
      payments.fund(potAccount(pot.id), 5000);
      const asked = command(pot);
      const prepared = await expenses.prepare(asked);
      expect(prepared.expense).toBeNull();
      expect(prepared.payment).toMatchObject({ expense: asked });
      expect(await expensesOf(pot)).toEqual([]);

      const expense = await payments.payExpense(expenses, asked);
      expect(expense).toMatchObject({
        id: prepared.payment?.expenseId,
        paidFrom: 'pot',
        status: 'confirmed',
      });
      expect(payments.balance(potAccount(pot.id))).toBe(3800);
      const [row] = await expensesOf(pot);
      expect(row.ledgerTransactionId).toBe(payments.postings.get(expenseKey(expense.id))?.transactionId);
      const members = await db.prisma.potMember.findMany({
        where: { potId: pot.id },
        orderBy: { joinedAt: 'asc' },
      });
      expect(members.map((member) => Number(member.netPence))).toEqual([-600, -600]);
    });

    it('is recorded once however often the payment is reported (the gateway and the event), never refused', async () => {
      const pot = await createPot(db.prisma, ['Ada', 'Grace']);
      const { payment } = await expenses.prepare(command(pot));
      if (!payment) throw new Error('nothing to pay');
      const paid = { ...payment, transactionId: randomUUID() };
      // Grace leaves between the payment and its record: the money has moved, so her share stands.
      await db.prisma.potMember.update({ where: { id: pot.members[1].id }, data: { removedAt: new Date() } });
      const answers = await Promise.all(Array.from({ length: 8 }, () => expenses.recordPaid(paid)));
      expect(new Set(answers.map((answer) => answer.id))).toEqual(new Set([payment.expenseId]));
      expect(await expensesOf(pot)).toHaveLength(1);
      const feed = await db.prisma.activityEvent.findMany({
        where: { potId: pot.id, type: 'expense.created' },
      });
      expect(feed).toHaveLength(1);
    });

    it('repeated with the same key finds the expense before anything is paid again', async () => {
      const pot = await createPot(db.prisma, ['Ada', 'Grace']);
      payments.fund(potAccount(pot.id), 5000);
      const asked = command(pot);
      const first = await payments.payExpense(expenses, asked);
      const prepared = await expenses.prepare(asked);
      expect(prepared).toEqual({ expense: first, payment: null });
      expect(await payments.payExpense(expenses, asked)).toEqual(first);
      expect(payments.balance(potAccount(pot.id))).toBe(3800);
    });

    it('is refused in the spec’s words when the pot does not cover it, and nothing is recorded', async () => {
      const pot = await createPot(db.prisma, ['Ada', 'Grace']);
      payments.fund(potAccount(pot.id), 500);
      const refusal = await problemOf(payments.payExpense(expenses, command(pot)));
      expect(refusal).toMatchObject({
        status: 400,
        code: ProblemCodes.insufficientFunds,
        title: 'Insufficient funds',
      });
      expect(await expensesOf(pot)).toEqual([]);
      expect(payments.balance(potAccount(pot.id))).toBe(500);
    });

    it('is checked before any money moves: a stranger, a bad split or an archived pot never reach payments', async () => {
      const pot = await createPot(db.prisma, ['Ada', 'Grace']);
      const other = await createPot(db.prisma, ['Zed']);
      payments.fund(potAccount(pot.id), 5000);
      const stranger = { ...command(pot), caller: other.owner.caller };
      expect(await problemOf(expenses.prepare(stranger))).toMatchObject({ status: 404 });
      const outsider = { mode: 'equal' as const, members: [{ memberId: other.owner.id }] };
      expect(
        await problemOf(expenses.prepare(command(pot, { ...potExpense(pot), split: outsider }))),
      ).toMatchObject({
        status: 400,
      });
      const archived = await createPot(db.prisma, ['Ada', 'Grace'], { isActive: false });
      expect(await problemOf(expenses.prepare(command(archived)))).toMatchObject({ status: 409 });
      expect(payments.postings.size).toBe(0);
      // A member-paid expense is no payment: it is recorded directly, and a pot-paid one never is.
      expect(
        await problemOf(
          expenses.prepare(
            command(pot, { ...potExpense(pot), paidFrom: 'member', payerMemberId: pot.owner.id }),
          ),
        ),
      ).toMatchObject({ status: 400 });
      expect(await problemOf(expenses.create(command(pot)))).toMatchObject({ status: 400 });
    });

    it('is refunded when deleted: the refund is written with the delete, and carried out once', async () => {
      const pot = await createPot(db.prisma, ['Ada', 'Grace']);
      payments.fund(potAccount(pot.id), 5000);
      const expense = await payments.payExpense(expenses, command(pot));
      await expenses.delete({ caller: pot.owner.caller, potId: pot.id, expenseId: expense.id });
      expect(await payments.carryOutPotCommands()).toBe(1);
      expect(await payments.carryOutPotCommands()).toBe(0);
      expect(payments.refunded(expenseKey(expense.id))).toBe(true);
      expect(payments.balance(potAccount(pot.id))).toBe(5000);
      const members = await db.prisma.potMember.findMany({ where: { potId: pot.id } });
      expect(members.map((member) => Number(member.netPence))).toEqual([0, 0]);
    });

    it('keeps its amount: a change is refused, other edits need no payment', async () => {
      const pot = await createPot(db.prisma, ['Ada', 'Grace']);
      payments.fund(potAccount(pot.id), 5000);
      const expense = await payments.payExpense(expenses, command(pot));
      const edit = (body: { amountPence?: number; description?: string }) =>
        expenses.update({ caller: pot.owner.caller, potId: pot.id, expenseId: expense.id, body });
      expect(await problemOf(edit({ amountPence: 1300 }))).toMatchObject({
        status: 409,
        title: 'Amount cannot change',
      });
      await expect(edit({ amountPence: 1200, description: 'Supper' })).resolves.toMatchObject({
        description: 'Supper',
        amountPence: 1200,
      });
      expect(payments.postings.size).toBe(1);
    });
  });

  it('records a member-paid expense without payments', async () => {
    const pot = await createPot(db.prisma, ['Ada', 'Grace']);
    await expenses.create(
      command(pot, { ...potExpense(pot), paidFrom: 'member', payerMemberId: pot.owner.id }),
    );
    expect(payments.postings.size).toBe(0);
    const [row] = await expensesOf(pot);
    expect(row.ledgerTransactionId).toBeNull();
  });

  it('sums confirmed spending per category for the pot page, largest first; an edit moves it', async () => {
    const pot = await createPot(db.prisma, ['Ada', 'Grace']);
    const add = (body: Partial<CreateExpenseRequest>, caller = pot.owner.caller) =>
      expenses.create({
        idempotencyKey: randomUUID(),
        caller,
        potId: pot.id,
        body: { ...potExpense(pot), paidFrom: 'member', payerMemberId: pot.owner.id, ...body },
      });
    await add({ amountPence: 1200 });
    await add({ amountPence: 999, category: 'transport' });
    const taxi = await add({ amountPence: 301, category: 'transport' });
    // Grace records that Ada paid: it counts only once Ada confirms it.
    await add({ amountPence: 5000, category: 'lodging' }, pot.members[1].caller);
    const spending = () =>
      pots.get({ caller: pot.owner.caller, potId: pot.id }).then((detail) => detail.spendingByCategory);
    expect(await spending()).toEqual([
      { category: 'transport', amountPence: 1300 },
      { category: 'food', amountPence: 1200 },
    ]);
    await expenses.update({
      caller: pot.owner.caller,
      potId: pot.id,
      expenseId: taxi.id,
      body: { category: 'other' },
    });
    expect(await spending()).toEqual([
      { category: 'food', amountPence: 1200 },
      { category: 'transport', amountPence: 999 },
      { category: 'other', amountPence: 301 },
    ]);
  });

  describe('settle up', () => {
    const settlement = (pot: TestPot, payWithKitty: boolean, who = 1) => ({
      idempotencyKey: randomUUID(),
      caller: pot.members[who].caller,
      potId: pot.id,
      body: {
        fromMemberId: pot.members[1].id,
        toMemberId: pot.members[0].id,
        amountPence: 700,
        payWithKitty,
      },
    });

    it('records a repayment made elsewhere without payments, and refuses one with Kitty there', async () => {
      const pot = await createPot(db.prisma, ['Ada', 'Grace']);
      await expect(balances.settle(settlement(pot, false))).resolves.toMatchObject({ paidWithKitty: false });
      expect(await problemOf(balances.settle(settlement(pot, true)))).toMatchObject({ status: 400 });
      expect(payments.postings.size).toBe(0);
    });

    it('pays with Kitty wallet to wallet, once per key, then records it confirmed', async () => {
      const pot = await createPot(db.prisma, ['Ada', 'Grace']);
      payments.fund(walletAccount(pot.members[1].caller.userId), 1000);
      const asked = settlement(pot, true);
      const paid = await payments.paySettlement(balances, asked);
      expect(paid).toMatchObject({ paidWithKitty: true, status: 'confirmed', amountPence: 700 });
      expect(await payments.paySettlement(balances, asked)).toEqual(paid);
      expect(payments.balance(walletAccount(pot.members[1].caller.userId))).toBe(300);
      expect(payments.balance(walletAccount(pot.owner.caller.userId))).toBe(700);
      const feed = await db.prisma.activityEvent.findMany({
        where: { potId: pot.id, type: 'settlement.recorded' },
      });
      expect(feed.map((entry) => entry.summary)).toEqual(['Grace paid Ada £7.00 with Kitty']);
    });

    it('lets only the payer spend their own wallet, and says a short wallet is short', async () => {
      const pot = await createPot(db.prisma, ['Ada', 'Grace']);
      expect(await problemOf(balances.prepareSettlement(settlement(pot, true, 0)))).toMatchObject({
        status: 403,
      });
      expect(await problemOf(payments.paySettlement(balances, settlement(pot, true)))).toMatchObject({
        status: 400,
        code: ProblemCodes.insufficientFunds,
      });
      expect(await db.prisma.settlement.count({ where: { potId: pot.id } })).toBe(0);
    });
  });

  describe('getMembership', () => {
    it('answers owner, member or null, and names the pot only to its members', async () => {
      const pot = await createPot(db.prisma, ['Ada', 'Grace', 'Alan']);
      const [ada, grace, alan] = pot.members;
      await db.prisma.potMember.update({ where: { id: alan.id }, data: { removedAt: new Date() } });
      const ask = (userId: string, potId = pot.id) => pots.membership({ potId, userId });

      await expect(ask(ada.caller.userId)).resolves.toEqual({
        potId: pot.id,
        role: 'owner',
        potName: "Ada's pot",
        rules: DEFAULT_POT_RULES,
      });
      await expect(ask(grace.caller.userId)).resolves.toEqual({
        potId: pot.id,
        role: 'member',
        potName: "Ada's pot",
        rules: DEFAULT_POT_RULES,
      });
      await expect(ask(alan.caller.userId)).resolves.toEqual({
        potId: pot.id,
        role: null,
        potName: null,
        rules: null,
      });
      await expect(ask(randomUUID())).resolves.toEqual({
        potId: pot.id,
        role: null,
        potName: null,
        rules: null,
      });
      const nowhere = randomUUID();
      await expect(ask(ada.caller.userId, nowhere)).resolves.toEqual({
        potId: nowhere,
        role: null,
        potName: null,
        rules: null,
      });
    });

    it('keeps only the owner of an archived pot (to withdraw what is left)', async () => {
      const pot = await createPot(db.prisma, ['Ada', 'Grace'], { isActive: false });
      await expect(
        pots.membership({ potId: pot.id, userId: pot.owner.caller.userId }),
      ).resolves.toMatchObject({
        role: 'owner',
      });
      await expect(pots.membership({ potId: pot.id, userId: pot.members[1].caller.userId })).resolves.toEqual(
        {
          potId: pot.id,
          role: null,
          potName: null,
          rules: null,
        },
      );
    });
  });
});
