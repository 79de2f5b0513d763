// Expenses and settlements delivered more than once with one Idempotency-Key (a retry after a lost answer,
// the same request taken by two replicas), against the real Postgres and an in-memory payments that keeps
// the ledger's idempotency rules: one row and one posting per key, whatever the interleaving.
import { randomUUID } from 'node:crypto';

import type {
  CreateExpenseCommand,
  CreateExpenseRequest,
  CreateSettlementCommand,
  CreateSettlementRequest,
} from '@kitty/contracts';

import { BalancesService } from '../balances/balances.service';
import { expenseKey, FakePayments, idleRelay, potAccount, walletAccount } from '../testing/fake-payments';
import { createPot, type PotsTestDatabase, potsTestDatabase, type TestPot } from '../testing/pot-factory';
import { ExpenseService } from './expense.service';

const DELIVERIES = 10;

/** Every answer to concurrent deliveries: the one thing made. */
function expectOneAnswer<T>(answers: PromiseSettledResult<T>[]): T {
  const made = answers.flatMap((answer) => (answer.status === 'fulfilled' ? [answer.value] : []));
  expect(made.length).toBeGreaterThan(0);
  expect(answers.filter((answer) => answer.status === 'rejected')).toEqual([]);
  for (const answer of made) expect(answer).toEqual(made[0]);
  return made[0];
}

describe('idempotent pot commands (PostgreSQL, in-memory ledger)', () => {
  let db: PotsTestDatabase;
  let ledger: FakePayments;
  let expenses: ExpenseService;
  let balances: BalancesService;

  beforeAll(() => {
    db = potsTestDatabase();
    expenses = new ExpenseService(db.work, idleRelay);
    balances = new BalancesService(db.work);
  }, 60_000);

  afterAll(() => db?.close());

  beforeEach(() => {
    ledger = new FakePayments(db.prisma);
  });

  const expenseRows = (pot: TestPot) => db.prisma.expense.count({ where: { potId: pot.id } });
  const settlementRows = (pot: TestPot) => db.prisma.settlement.count({ where: { potId: pot.id } });
  const netOf = async (pot: TestPot) => {
    const rows = await db.prisma.potMember.findMany({ where: { potId: pot.id } });
    return pot.members.map((member) => rows.find((row) => row.id === member.id)?.netPence);
  };

  /** A pot with £50 in the ledger, and a command that spends £12 of it on dinner for everyone. */
  async function potPaidExpense(): Promise<{ pot: TestPot; command: CreateExpenseCommand }> {
    const pot = await createPot(db.prisma, ['Ada', 'Grace']);
    ledger.fund(potAccount(pot.id), 5000);
    const body: CreateExpenseRequest = {
      description: 'Dinner',
      amountPence: 1200,
      paidFrom: 'pot',
      category: 'food',
      split: { mode: 'equal', members: pot.members.map((member) => ({ memberId: member.id })) },
    };
    return { pot, command: { idempotencyKey: randomUUID(), caller: pot.owner.caller, potId: pot.id, body } };
  }

  async function memberPaidExpense(): Promise<{ pot: TestPot; command: CreateExpenseCommand }> {
    const { pot, command } = await potPaidExpense();
    const body = { ...command.body, paidFrom: 'member' as const, payerMemberId: pot.owner.id };
    return { pot, command: { ...command, body } };
  }

  /** Grace pays Ada back £7, from her Kitty wallet (£20 in it) or elsewhere. */
  async function settlement(
    payWithKitty: boolean,
  ): Promise<{ pot: TestPot; command: CreateSettlementCommand }> {
    const pot = await createPot(db.prisma, ['Ada', 'Grace']);
    const grace = pot.members[1];
    ledger.fund(walletAccount(grace.caller.userId), 2000);
    const body: CreateSettlementRequest = {
      fromMemberId: grace.id,
      toMemberId: pot.owner.id,
      amountPence: 700,
      payWithKitty,
    };
    return { pot, command: { idempotencyKey: randomUUID(), caller: grace.caller, potId: pot.id, body } };
  }

  describe('an expense paid from the pot', () => {
    it('delivered twice with one key is made and debited once, and answered the same', async () => {
      const { pot, command } = await potPaidExpense();
      const first = await ledger.payExpense(expenses, command);
      const again = await ledger.payExpense(expenses, { ...command });

      expect(again).toEqual(first);
      await expect(expenseRows(pot)).resolves.toBe(1);
      expect(ledger.posted(expenseKey(first.id))).toBe(1);
      expect(ledger.balance(potAccount(pot.id))).toBe(5000 - 1200);
    });

    it(`delivered ${DELIVERIES} times at once is made and debited once; every answer is it or a 409`, async () => {
      const { pot, command } = await potPaidExpense();
      const answers = await Promise.allSettled(
        Array.from({ length: DELIVERIES }, () => ledger.payExpense(expenses, { ...command })),
      );

      const expense = expectOneAnswer(answers);
      await expect(expenseRows(pot)).resolves.toBe(1);
      expect(ledger.posted(expenseKey(expense.id))).toBe(1);
      expect(ledger.refunded(expenseKey(expense.id))).toBe(false);
      expect(ledger.balance(potAccount(pot.id))).toBe(5000 - 1200);
      await expect(ledger.payExpense(expenses, { ...command })).resolves.toEqual(expense);
    });
  });

  describe('an expense a member paid', () => {
    it('delivered twice with one key is recorded once, without the ledger', async () => {
      const { pot, command } = await memberPaidExpense();
      const first = await expenses.create(command);
      await expect(expenses.create({ ...command })).resolves.toEqual(first);
      await expect(expenseRows(pot)).resolves.toBe(1);
      await expect(netOf(pot)).resolves.toEqual([600n, -600n]);
      expect(ledger.postings.size).toBe(0);
    });

    it(`delivered ${DELIVERIES} times at once is recorded once and moves positions once`, async () => {
      const { pot, command } = await memberPaidExpense();
      const answers = await Promise.allSettled(
        Array.from({ length: DELIVERIES }, () => expenses.create({ ...command })),
      );
      expectOneAnswer(answers);
      expect(answers.every((answer) => answer.status === 'fulfilled')).toBe(true);
      await expect(expenseRows(pot)).resolves.toBe(1);
      await expect(netOf(pot)).resolves.toEqual([600n, -600n]);
    });

    it('keys are the caller’s: another member’s delivery with the same key is their own expense', async () => {
      const { pot, command } = await memberPaidExpense();
      const mine = await expenses.create(command);
      const theirs = await expenses.create({ ...command, caller: pot.members[1].caller });
      expect(theirs.id).not.toBe(mine.id);
      await expect(expenseRows(pot)).resolves.toBe(2);
    });
  });

  describe('a settlement paid with Kitty', () => {
    it('delivered twice with one key is transferred and recorded once, and answered the same', async () => {
      const { pot, command } = await settlement(true);
      const first = await ledger.paySettlement(balances, command);
      await expect(ledger.paySettlement(balances, { ...command })).resolves.toEqual(first);

      await expect(settlementRows(pot)).resolves.toBe(1);
      expect(ledger.posted(`settlement:${first.id}`)).toBe(1);
      expect(ledger.balance(walletAccount(command.caller.userId))).toBe(2000 - 700);
      expect(ledger.balance(walletAccount(pot.owner.caller.userId))).toBe(700);
      await expect(netOf(pot)).resolves.toEqual([-700n, 700n]);
    });

    it(`delivered ${DELIVERIES} times at once is transferred once; every answer is it or a 409`, async () => {
      const { pot, command } = await settlement(true);
      const answers = await Promise.allSettled(
        Array.from({ length: DELIVERIES }, () => ledger.paySettlement(balances, { ...command })),
      );

      const settled = expectOneAnswer(answers);
      await expect(settlementRows(pot)).resolves.toBe(1);
      expect(ledger.posted(`settlement:${settled.id}`)).toBe(1);
      expect(ledger.balance(walletAccount(command.caller.userId))).toBe(2000 - 700);
      await expect(netOf(pot)).resolves.toEqual([-700n, 700n]);
    });
  });

  describe('a settlement made elsewhere (only recorded)', () => {
    it('delivered twice with one key is recorded once', async () => {
      const { pot, command } = await settlement(false);
      const first = await balances.settle(command);
      await expect(balances.settle({ ...command })).resolves.toEqual(first);
      await expect(settlementRows(pot)).resolves.toBe(1);
      expect(ledger.postings.size).toBe(0);
    });

    it(`delivered ${DELIVERIES} times at once is recorded once`, async () => {
      const { pot, command } = await settlement(false);
      const answers = await Promise.allSettled(
        Array.from({ length: DELIVERIES }, () => balances.settle({ ...command })),
      );
      expectOneAnswer(answers);
      expect(answers.every((answer) => answer.status === 'fulfilled')).toBe(true);
      await expect(settlementRows(pot)).resolves.toBe(1);
    });
  });
});
