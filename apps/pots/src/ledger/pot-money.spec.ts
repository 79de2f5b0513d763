// The pots side of pot and wallet money, against the real Postgres with a fake payments service: what is
// sent to the ledger, what is recorded when it answers, and how a posting whose record failed is undone.
import { randomUUID } from 'node:crypto';

import {
  type CreateExpenseRequest,
  DEFAULT_POT_RULES,
  PaymentsRpc,
  type PotsCaller,
  ProblemCodes,
  type RpcContract,
} from '@kitty/contracts';
import { ProblemError, type RpcClient } from '@kitty/nest-common';

import { BalancesService } from '../balances/balances.service';
import { ExpenseService } from '../expenses/expense.service';
import type { PotService } from '../pots/pot.service';
import { createPot, type PotsTestDatabase, potsTestDatabase, type TestPot } from '../testing/pot-factory';
import { potServiceOn } from '../testing/services';
import { COMPENSATION_GRACE_MS, PotLedger } from './pot-ledger';

type Handler = (payload: Record<string, unknown>) => unknown;

/** Stands in for the payments service: records every call and answers from per-pattern handlers. */
class FakePayments {
  calls: { pattern: string; payload: Record<string, unknown> }[] = [];
  handlers: Record<string, Handler> = {};

  readonly client = {
    call: async (contract: RpcContract, request: unknown) => {
      const body = request as Record<string, unknown>;
      this.calls.push({ pattern: contract.pattern, payload: body });
      const handler =
        this.handlers[contract.pattern] ?? (() => ({ transactionId: randomUUID(), replayed: false }));
      return contract.reply.parse(await handler(body));
    },
  } as unknown as RpcClient;

  patterns() {
    return this.calls.map((call) => call.pattern);
  }
}

const unavailable = () => ProblemError.of(503, 'Service unavailable', 'Please try again in a moment.');

describe('pot money through the ledger (PostgreSQL, fake payments)', () => {
  let db: PotsTestDatabase;
  let payments: FakePayments;
  let ledger: PotLedger;
  let expenses: ExpenseService;
  let balances: BalancesService;
  let pots: PotService;

  beforeAll(() => {
    db = potsTestDatabase();
  }, 60_000);

  afterAll(() => db?.close());

  beforeEach(() => {
    payments = new FakePayments();
    ledger = new PotLedger(payments.client, db.prisma);
    expenses = new ExpenseService(db.prisma, ledger);
    balances = new BalancesService(db.prisma, ledger);
    pots = potServiceOn(db.prisma);
  });

  const potExpense = (pot: TestPot, amountPence = 1200): CreateExpenseRequest => ({
    description: 'Dinner',
    amountPence,
    paidFrom: 'pot',
    category: 'food',
    split: { mode: 'equal', members: pot.members.map((member) => ({ memberId: member.id })) },
  });
  const expensesOf = (pot: TestPot) => db.prisma.expense.findMany({ where: { potId: pot.id } });
  const compensations = () => db.prisma.ledgerCompensation.findMany();

  afterEach(async () => {
    await db.prisma.ledgerCompensation.deleteMany();
  });

  describe('an expense paid from the pot', () => {
    it('is debited in the ledger under a key derived from its id, then recorded', async () => {
      const pot = await createPot(db.prisma, ['Ada', 'Grace'], { balancePence: 5000 });
      const receipt = { transactionId: randomUUID(), replayed: false };
      payments.handlers[PaymentsRpc.spendFromPot.pattern] = () => receipt;

      const expense = await expenses.create({
        idempotencyKey: randomUUID(),
        caller: pot.owner.caller,
        potId: pot.id,
        body: potExpense(pot),
      });

      expect(payments.calls).toEqual([
        {
          pattern: PaymentsRpc.spendFromPot.pattern,
          payload: {
            potId: pot.id,
            amountPence: 1200,
            idempotencyKey: `expense:${expense.id}`,
            description: 'Dinner',
            userId: pot.owner.caller.userId,
          },
        },
      ]);
      const [row] = await expensesOf(pot);
      expect(row).toMatchObject({
        id: expense.id,
        paidFrom: 'pot',
        ledgerTransactionId: receipt.transactionId,
      });
      expect(expense.shares.map((share) => share.amountPence)).toEqual([600, 600]);
      await expect(compensations()).resolves.toEqual([]);
      // The balance is the ledger's: it changes when the projection receives the event, not here.
      const stored = await db.prisma.pot.findUniqueOrThrow({ where: { id: pot.id } });
      expect(stored.balancePence).toBe(5000n);
      expect(stored.transactionCount).toBe(0);
    });

    it('is refused with a 400 in the spec’s words when the pot does not cover it, and nothing is recorded', async () => {
      const pot = await createPot(db.prisma, ['Ada'], { balancePence: 500 });
      payments.handlers[PaymentsRpc.spendFromPot.pattern] = () => {
        throw ProblemError.coded(
          ProblemCodes.insufficientFunds,
          400,
          'Insufficient funds',
          'Insufficient funds: the pot is short.',
        );
      };

      await expect(
        expenses.create({
          idempotencyKey: randomUUID(),
          caller: pot.owner.caller,
          potId: pot.id,
          body: potExpense(pot),
        }),
      ).rejects.toMatchObject({
        problem: {
          status: 400,
          title: 'Insufficient funds',
          detail: 'The amount exceeds the available balance.',
        },
      });
      await expect(expensesOf(pot)).resolves.toEqual([]);
      await expect(compensations()).resolves.toEqual([]);
      await expect(db.prisma.activityEvent.count({ where: { potId: pot.id } })).resolves.toBe(0);
    });

    it('is checked before any money moves: a stranger or a bad split never reaches the ledger', async () => {
      const pot = await createPot(db.prisma, ['Ada']);
      const stranger: PotsCaller = { userId: randomUUID(), name: 'Eve', email: 'eve@example.com' };
      await expect(
        expenses.create({
          idempotencyKey: randomUUID(),
          caller: stranger,
          potId: pot.id,
          body: potExpense(pot),
        }),
      ).rejects.toMatchObject({ problem: { status: 404 } });
      const outsider = {
        ...potExpense(pot),
        split: { mode: 'equal' as const, members: [{ memberId: randomUUID() }] },
      };
      await expect(
        expenses.create({
          idempotencyKey: randomUUID(),
          caller: pot.owner.caller,
          potId: pot.id,
          body: outsider,
        }),
      ).rejects.toMatchObject({ problem: { status: 400 } });
      expect(payments.calls).toEqual([]);
    });

    it('is reversed in the ledger when recording it fails after the debit', async () => {
      const pot = await createPot(db.prisma, ['Ada', 'Grace']);
      const grace = pot.members[1];
      // Grace leaves between the debit and the record, so the record's re-check refuses her split.
      payments.handlers[PaymentsRpc.spendFromPot.pattern] = async () => {
        await db.prisma.potMember.update({ where: { id: grace.id }, data: { removedAt: new Date() } });
        return { transactionId: randomUUID(), replayed: false };
      };

      await expect(
        expenses.create({
          idempotencyKey: randomUUID(),
          caller: pot.owner.caller,
          potId: pot.id,
          body: potExpense(pot),
        }),
      ).rejects.toMatchObject({ problem: { status: 400 } });

      const [spend, reverse] = payments.calls;
      expect(reverse).toEqual({
        pattern: PaymentsRpc.reverseTransaction.pattern,
        payload: { idempotencyKey: spend.payload.idempotencyKey, reason: 'Expense "Dinner" not recorded' },
      });
      await expect(expensesOf(pot)).resolves.toEqual([]);
      await expect(compensations()).resolves.toEqual([]);
    });

    it('leaves an unanswered debit to the sweep, which reverses it once the grace period is over', async () => {
      const pot = await createPot(db.prisma, ['Ada']);
      payments.handlers[PaymentsRpc.spendFromPot.pattern] = () => {
        throw unavailable();
      };

      await expect(
        expenses.create({
          idempotencyKey: randomUUID(),
          caller: pot.owner.caller,
          potId: pot.id,
          body: potExpense(pot),
        }),
      ).rejects.toMatchObject({ problem: { status: 503 } });
      const [pending] = await compensations();
      const key = payments.calls[0].payload.idempotencyKey;
      expect(pending.ledgerKey).toBe(key);

      // Within the grace period the debit may still be in flight: nothing is reversed yet.
      await expect(ledger.sweep()).resolves.toBe(0);
      await expect(ledger.sweep(new Date(Date.now() + COMPENSATION_GRACE_MS + 1000))).resolves.toBe(1);
      expect(payments.calls.at(-1)).toEqual({
        pattern: PaymentsRpc.reverseTransaction.pattern,
        payload: { idempotencyKey: key, reason: 'Expense "Dinner" not recorded' },
      });
      await expect(compensations()).resolves.toEqual([]);
      await expect(expensesOf(pot)).resolves.toEqual([]);
    });

    it('is refunded when deleted: its debit is reversed after the delete commits', async () => {
      const pot = await createPot(db.prisma, ['Ada']);
      const expense = await expenses.create({
        idempotencyKey: randomUUID(),
        caller: pot.owner.caller,
        potId: pot.id,
        body: potExpense(pot),
      });

      await expenses.delete({ caller: pot.owner.caller, potId: pot.id, expenseId: expense.id });

      expect(payments.calls.at(-1)).toEqual({
        pattern: PaymentsRpc.reverseTransaction.pattern,
        payload: { idempotencyKey: `expense:${expense.id}`, reason: 'Expense "Dinner" deleted' },
      });
      const [row] = await expensesOf(pot);
      expect(row.deletedAt).not.toBeNull();
      await expect(compensations()).resolves.toEqual([]);
    });

    it('is still deleted when the ledger is down, and the sweep refunds it later', async () => {
      const pot = await createPot(db.prisma, ['Ada']);
      const expense = await expenses.create({
        idempotencyKey: randomUUID(),
        caller: pot.owner.caller,
        potId: pot.id,
        body: potExpense(pot),
      });
      payments.handlers[PaymentsRpc.reverseTransaction.pattern] = () => {
        throw unavailable();
      };

      await expenses.delete({ caller: pot.owner.caller, potId: pot.id, expenseId: expense.id });
      await expect(compensations()).resolves.toEqual([
        expect.objectContaining({ ledgerKey: `expense:${expense.id}` }),
      ]);

      delete payments.handlers[PaymentsRpc.reverseTransaction.pattern];
      await expect(ledger.sweep()).resolves.toBe(0);
      await expect(ledger.sweep(new Date(Date.now() + 61_000))).resolves.toBe(1);
      await expect(compensations()).resolves.toEqual([]);
      expect(
        payments.patterns().filter((pattern) => pattern === PaymentsRpc.reverseTransaction.pattern),
      ).toHaveLength(2);
    });

    it('keeps its amount: a change is refused, other edits need no ledger call', async () => {
      const pot = await createPot(db.prisma, ['Ada']);
      const expense = await expenses.create({
        idempotencyKey: randomUUID(),
        caller: pot.owner.caller,
        potId: pot.id,
        body: potExpense(pot),
      });
      const edit = (body: { amountPence?: number; description?: string }) =>
        expenses.update({ caller: pot.owner.caller, potId: pot.id, expenseId: expense.id, body });

      await expect(edit({ amountPence: 1300 })).rejects.toMatchObject({
        problem: {
          status: 409,
          detail: 'This expense was paid from the pot. To change its amount, delete it and add it again.',
        },
      });
      await expect(edit({ amountPence: 1200, description: 'Supper' })).resolves.toMatchObject({
        description: 'Supper',
        amountPence: 1200,
      });
      expect(payments.patterns()).toEqual([PaymentsRpc.spendFromPot.pattern]);
    });
  });

  it('records a member-paid expense without the ledger', async () => {
    const pot = await createPot(db.prisma, ['Ada', 'Grace']);
    await expenses.create({
      idempotencyKey: randomUUID(),
      caller: pot.owner.caller,
      potId: pot.id,
      body: { ...potExpense(pot), paidFrom: 'member', payerMemberId: pot.owner.id },
    });
    expect(payments.calls).toEqual([]);
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

  it('treats a reversal the ledger has no posting for (404) as done', async () => {
    const pot = await createPot(db.prisma, ['Ada']);
    payments.handlers[PaymentsRpc.spendFromPot.pattern] = () => {
      throw unavailable();
    };
    payments.handlers[PaymentsRpc.reverseTransaction.pattern] = () => {
      throw ProblemError.of(404, 'Not found', 'No ledger transaction has that key.');
    };
    await expect(
      expenses.create({
        idempotencyKey: randomUUID(),
        caller: pot.owner.caller,
        potId: pot.id,
        body: potExpense(pot),
      }),
    ).rejects.toMatchObject({ problem: { status: 503 } });
    await expect(ledger.sweep(new Date(Date.now() + COMPENSATION_GRACE_MS + 1000))).resolves.toBe(1);
    await expect(compensations()).resolves.toEqual([]);
  });

  it('shortens what users typed to what the ledger accepts', async () => {
    const pot = await createPot(db.prisma, ['Ada']);
    payments.handlers[PaymentsRpc.spendFromPot.pattern] = () => {
      throw unavailable();
    };
    const description = 'x'.repeat(200);
    await expect(
      expenses.create({
        idempotencyKey: randomUUID(),
        caller: pot.owner.caller,
        potId: pot.id,
        body: { ...potExpense(pot), description },
      }),
    ).rejects.toMatchObject({ problem: { status: 503 } });
    await ledger.sweep(new Date(Date.now() + COMPENSATION_GRACE_MS + 1000));
    const [spend, reverse] = payments.calls;
    expect(spend.payload.description).toBe(description);
    expect(reverse.payload.reason).toHaveLength(200);
    expect(reverse.payload.reason).toMatch(/^Expense "x+…$/);
  });

  describe('settle up', () => {
    const settlement = (pot: TestPot, payWithKitty: boolean) => ({
      fromMemberId: pot.members[1].id,
      toMemberId: pot.owner.id,
      amountPence: 700,
      payWithKitty,
    });
    const netOf = async (pot: TestPot) => {
      const rows = await db.prisma.potMember.findMany({ where: { potId: pot.id } });
      return pot.members.map((member) => rows.find((row) => row.id === member.id)?.netPence);
    };

    it('only records a repayment made elsewhere', async () => {
      const pot = await createPot(db.prisma, ['Ada', 'Grace']);
      const result = await balances.settle({
        idempotencyKey: randomUUID(),
        caller: pot.owner.caller,
        potId: pot.id,
        body: settlement(pot, false),
      });
      expect(result).toMatchObject({ amountPence: 700, paidWithKitty: false });
      expect(payments.calls).toEqual([]);
      await expect(netOf(pot)).resolves.toEqual([-700n, 700n]);
    });

    it('pays with Kitty wallet → wallet, idempotent by the settlement id, then records it', async () => {
      const pot = await createPot(db.prisma, ['Ada', 'Grace']);
      const grace = pot.members[1];
      const result = await balances.settle({
        idempotencyKey: randomUUID(),
        caller: grace.caller,
        potId: pot.id,
        body: settlement(pot, true),
      });

      expect(result).toMatchObject({ fromMemberId: grace.id, toMemberId: pot.owner.id, paidWithKitty: true });
      expect(payments.calls).toEqual([
        {
          pattern: PaymentsRpc.transferBetweenWallets.pattern,
          payload: {
            fromUserId: grace.caller.userId,
            toUserId: pot.owner.caller.userId,
            amountPence: 700,
            idempotencyKey: `settlement:${result.id}`,
            description: 'Settle up: Grace paid Ada',
          },
        },
      ]);
      await expect(netOf(pot)).resolves.toEqual([-700n, 700n]);
      await expect(compensations()).resolves.toEqual([]);
    });

    it('lets only the payer spend their own wallet', async () => {
      const pot = await createPot(db.prisma, ['Ada', 'Grace']);
      await expect(
        balances.settle({
          idempotencyKey: randomUUID(),
          caller: pot.owner.caller,
          potId: pot.id,
          body: settlement(pot, true),
        }),
      ).rejects.toMatchObject({
        problem: { status: 403, detail: 'Only Grace can pay this from their Kitty wallet.' },
      });
      expect(payments.calls).toEqual([]);
    });

    it('says the wallet is short, in words about paying, and records nothing', async () => {
      const pot = await createPot(db.prisma, ['Ada', 'Grace']);
      payments.handlers[PaymentsRpc.transferBetweenWallets.pattern] = () => {
        throw ProblemError.coded(
          ProblemCodes.insufficientFunds,
          400,
          'Insufficient Funds',
          'You cannot withdraw more than your available balance',
        );
      };
      await expect(
        balances.settle({
          idempotencyKey: randomUUID(),
          caller: pot.members[1].caller,
          potId: pot.id,
          body: settlement(pot, true),
        }),
      ).rejects.toMatchObject({
        problem: {
          status: 400,
          title: 'Insufficient Funds',
          detail: 'Your Kitty wallet does not cover this payment.',
        },
      });
      await expect(db.prisma.settlement.count({ where: { potId: pot.id } })).resolves.toBe(0);
      await expect(netOf(pot)).resolves.toEqual([0n, 0n]);
      await expect(compensations()).resolves.toEqual([]);
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
