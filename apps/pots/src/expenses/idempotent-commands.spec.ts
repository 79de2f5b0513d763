// Expenses and settlements delivered more than once with one Idempotency-Key (a retry after a lost answer,
// the same request taken by two replicas), against the real Postgres and an in-memory ledger that keeps
// the payments ledger's idempotency rules: one row and one posting per key, whatever the interleaving.
import { randomUUID } from 'node:crypto';

import type {
  CreateExpenseCommand,
  CreateExpenseRequest,
  CreateSettlementCommand,
  CreateSettlementRequest,
} from '@kitty/contracts';
import { ProblemError } from '@kitty/nest-common';

import { BalancesService } from '../balances/balances.service';
import {
  COMPENSATION_GRACE_MS,
  expenseLedgerKey,
  PotLedger,
  settlementLedgerKey,
} from '../ledger/pot-ledger';
import { FakeLedger, potAccount, walletAccount } from '../testing/fake-ledger';
import { createPot, type PotsTestDatabase, potsTestDatabase, type TestPot } from '../testing/pot-factory';
import { ExpenseService } from './expense.service';

const DELIVERIES = 10;

/** Every answer to concurrent deliveries: the one thing made, or 409 'Request in progress'. */
function expectOneAnswer<T>(answers: PromiseSettledResult<T>[]): T {
  const made = answers.flatMap((answer) => (answer.status === 'fulfilled' ? [answer.value] : []));
  expect(made.length).toBeGreaterThan(0);
  for (const answer of answers) {
    if (answer.status === 'fulfilled') expect(answer.value).toEqual(made[0]);
    else {
      expect(answer.reason).toBeInstanceOf(ProblemError);
      expect(answer.reason).toMatchObject({ problem: { status: 409, title: 'Request in progress' } });
    }
  }
  return made[0];
}

describe('idempotent pot commands (PostgreSQL, in-memory ledger)', () => {
  let db: PotsTestDatabase;
  let ledger: FakeLedger;
  let potLedger: PotLedger;
  let expenses: ExpenseService;
  let balances: BalancesService;

  beforeAll(() => {
    db = potsTestDatabase();
  }, 60_000);

  afterAll(() => db?.close());

  beforeEach(() => {
    ledger = new FakeLedger();
    potLedger = new PotLedger(ledger.client, db.prisma);
    expenses = new ExpenseService(db.prisma, potLedger);
    balances = new BalancesService(db.prisma, potLedger);
  });

  afterEach(async () => {
    await db.prisma.ledgerCompensation.deleteMany();
  });

  const compensations = () => db.prisma.ledgerCompensation.findMany();
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

  /**
   * Holds the next delivery after its "already made?" check until `release`: a repeat that looked before
   * the first delivery committed and goes on after it (a replica slower than another).
   */
  function holdNextDelivery(): { held: Promise<void>; release: () => void } {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let arrive!: () => void;
    const held = new Promise<void>((resolve) => (arrive = resolve));
    const postThenRecord = potLedger.postThenRecord.bind(potLedger);
    jest.spyOn(potLedger, 'postThenRecord').mockImplementationOnce(async (...args) => {
      arrive();
      await released;
      return postThenRecord(...args);
    });
    return { held, release };
  }

  describe('an expense paid from the pot', () => {
    it('delivered twice with one key is made and debited once, and answered the same', async () => {
      const { pot, command } = await potPaidExpense();
      const first = await expenses.create(command);
      const again = await expenses.create({ ...command });

      expect(again).toEqual(first);
      await expect(expenseRows(pot)).resolves.toBe(1);
      expect(ledger.posted(expenseLedgerKey(first.id))).toBe(1);
      expect(ledger.balance(potAccount(pot.id))).toBe(5000 - 1200);
      await expect(compensations()).resolves.toEqual([]);
    });

    it(`delivered ${DELIVERIES} times at once is made and debited once; every answer is it or a 409`, async () => {
      const { pot, command } = await potPaidExpense();
      const answers = await Promise.allSettled(
        Array.from({ length: DELIVERIES }, () => expenses.create({ ...command })),
      );

      const expense = expectOneAnswer(answers);
      await expect(expenseRows(pot)).resolves.toBe(1);
      expect(ledger.posted(expenseLedgerKey(expense.id))).toBe(1);
      expect(ledger.reversed(expenseLedgerKey(expense.id))).toBe(false);
      expect(ledger.balance(potAccount(pot.id))).toBe(5000 - 1200);
      await expect(compensations()).resolves.toEqual([]);
      await expect(expenses.create({ ...command })).resolves.toEqual(expense);
    });

    it('repeated by a delivery that looked before the first committed keeps the first one’s debit', async () => {
      const { pot, command } = await potPaidExpense();
      const slow = holdNextDelivery();
      const late = expenses.create({ ...command });
      await slow.held;
      const first = await expenses.create({ ...command });
      slow.release();

      await expect(late).resolves.toEqual(first);
      await expect(expenseRows(pot)).resolves.toBe(1);
      expect(ledger.reversed(expenseLedgerKey(first.id))).toBe(false);
      expect(ledger.balance(potAccount(pot.id))).toBe(5000 - 1200);
      await expect(compensations()).resolves.toEqual([]);
    });

    it('whose record failed and debit was reversed is refused (410) when repeated, the pot whole', async () => {
      const { pot, command } = await potPaidExpense();
      const grace = pot.members[1];
      // Grace leaves between the debit and the record: the record's re-check refuses her share.
      const spend = ledger.client.call.bind(ledger.client);
      jest.spyOn(ledger.client, 'call').mockImplementationOnce(async (contract, request) => {
        const receipt = await spend(contract, request as never);
        await db.prisma.potMember.update({ where: { id: grace.id }, data: { removedAt: new Date() } });
        return receipt;
      });
      await expect(expenses.create(command)).rejects.toMatchObject({ problem: { status: 400 } });
      await db.prisma.potMember.update({ where: { id: grace.id }, data: { removedAt: null } });

      await expect(expenses.create({ ...command })).rejects.toMatchObject({
        problem: { status: 410, title: 'Request cancelled' },
      });
      await expect(expenseRows(pot)).resolves.toBe(0);
      expect(ledger.balance(potAccount(pot.id))).toBe(5000);
      await expect(compensations()).resolves.toEqual([]);
    });

    it('whose answer was lost and debit reversed by the sweep is refused (410) when repeated', async () => {
      const { pot, command } = await potPaidExpense();
      const spend = ledger.client.call.bind(ledger.client);
      jest.spyOn(ledger.client, 'call').mockImplementationOnce(async (contract, request) => {
        await spend(contract, request as never);
        throw ProblemError.of(503, 'Service unavailable', 'Please try again in a moment.');
      });
      await expect(expenses.create(command)).rejects.toMatchObject({ problem: { status: 503 } });
      // A repeat while the posting's fate is unknown is told to wait, and moves nothing.
      await expect(expenses.create({ ...command })).rejects.toMatchObject({ problem: { status: 409 } });
      await potLedger.sweep(new Date(Date.now() + COMPENSATION_GRACE_MS + 1000));

      await expect(expenses.create({ ...command })).rejects.toMatchObject({ problem: { status: 410 } });
      await expect(expenseRows(pot)).resolves.toBe(0);
      expect(ledger.balance(potAccount(pot.id))).toBe(5000);
      await expect(compensations()).resolves.toEqual([]);
    });
  });

  describe('an expense a member paid', () => {
    it('delivered twice with one key is recorded once, without the ledger', async () => {
      const { pot, command } = await memberPaidExpense();
      const first = await expenses.create(command);
      await expect(expenses.create({ ...command })).resolves.toEqual(first);
      await expect(expenseRows(pot)).resolves.toBe(1);
      await expect(netOf(pot)).resolves.toEqual([600n, -600n]);
      expect(ledger.calls).toEqual([]);
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
      const first = await balances.settle(command);
      await expect(balances.settle({ ...command })).resolves.toEqual(first);

      await expect(settlementRows(pot)).resolves.toBe(1);
      expect(ledger.posted(settlementLedgerKey(first.id))).toBe(1);
      expect(ledger.balance(walletAccount(command.caller.userId))).toBe(2000 - 700);
      expect(ledger.balance(walletAccount(pot.owner.caller.userId))).toBe(700);
      await expect(netOf(pot)).resolves.toEqual([-700n, 700n]);
    });

    it(`delivered ${DELIVERIES} times at once is transferred once; every answer is it or a 409`, async () => {
      const { pot, command } = await settlement(true);
      const answers = await Promise.allSettled(
        Array.from({ length: DELIVERIES }, () => balances.settle({ ...command })),
      );

      const settled = expectOneAnswer(answers);
      await expect(settlementRows(pot)).resolves.toBe(1);
      expect(ledger.posted(settlementLedgerKey(settled.id))).toBe(1);
      expect(ledger.reversed(settlementLedgerKey(settled.id))).toBe(false);
      expect(ledger.balance(walletAccount(command.caller.userId))).toBe(2000 - 700);
      await expect(netOf(pot)).resolves.toEqual([-700n, 700n]);
      await expect(compensations()).resolves.toEqual([]);
    });

    it('repeated by a delivery that looked before the first committed keeps the first one’s transfer', async () => {
      const { pot, command } = await settlement(true);
      const slow = holdNextDelivery();
      const late = balances.settle({ ...command });
      await slow.held;
      const first = await balances.settle({ ...command });
      slow.release();

      await expect(late).resolves.toEqual(first);
      await expect(settlementRows(pot)).resolves.toBe(1);
      expect(ledger.reversed(settlementLedgerKey(first.id))).toBe(false);
      expect(ledger.balance(walletAccount(command.caller.userId))).toBe(2000 - 700);
      await expect(netOf(pot)).resolves.toEqual([-700n, 700n]);
      await expect(compensations()).resolves.toEqual([]);
    });
  });

  describe('a settlement made elsewhere (only recorded)', () => {
    it('delivered twice with one key is recorded once', async () => {
      const { pot, command } = await settlement(false);
      const first = await balances.settle(command);
      await expect(balances.settle({ ...command })).resolves.toEqual(first);
      await expect(settlementRows(pot)).resolves.toBe(1);
      expect(ledger.calls).toEqual([]);
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
