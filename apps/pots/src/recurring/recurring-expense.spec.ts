// Recurring expenses against the real Postgres: each period recorded once however many runs
// race, periods caught up after downtime, a period the pot cannot pay skipped with the reason, the rule's
// end, cancelling (who may), and a rule ending when its author leaves.
import type { CreateExpenseRequest, CreateRecurringExpenseRequest } from '@kitty/contracts';

import type { PotChangeNotices } from '../core/pot-change-notices';
import { ExpenseService } from '../expenses/expense.service';
import { FakePayments, idleRelay, potAccount } from '../testing/fake-payments';
import { createPot, type PotsTestDatabase, potsTestDatabase, type TestPot } from '../testing/pot-factory';
import { problemOf } from '../testing/problem-of';
import { RecurringExpenseService } from './recurring-expense.service';

describe('recurring expenses (PostgreSQL)', () => {
  let db: PotsTestDatabase;
  let ledger: FakePayments;
  let recurring: RecurringExpenseService;
  let expenses: ExpenseService;
  const told: string[] = [];

  beforeAll(() => {
    db = potsTestDatabase();
    ledger = new FakePayments(db.prisma);
    expenses = new ExpenseService(db.work, idleRelay);
    const notices = { tell: async (potId: string) => void told.push(potId) } as unknown as PotChangeNotices;
    recurring = new RecurringExpenseService(db.work, expenses, notices, idleRelay);
  }, 60_000);

  afterAll(() => db?.close());

  /** Rent paid by Ann, shared equally by Ann, Ben and Cat. */
  const rent = (p: TestPot, amountPence = 90_000): CreateExpenseRequest => ({
    description: 'Rent',
    amountPence,
    paidFrom: 'member',
    payerMemberId: p.owner.id,
    category: 'lodging',
    split: { mode: 'equal', members: p.members.map(({ id }) => ({ memberId: id })) },
  });
  let keys = 0;
  const setUp = (p: TestPot, body: CreateRecurringExpenseRequest, today: string, who = 0) =>
    recurring.create(
      { caller: p.members[who].caller, potId: p.id, body, idempotencyKey: `rule-${(keys += 1)}` },
      today,
    );
  const expensesOf = (potId: string) =>
    db.prisma.expense.findMany({ where: { potId, deletedAt: null }, orderBy: { createdAt: 'asc' } });

  it('records the first period as it is set up, then each later one once however many runs race', async () => {
    const p = await createPot(db.prisma, ['Ann', 'Ben', 'Cat']);
    const rule = await setUp(
      p,
      { expense: rent(p), frequency: 'monthly', startOn: '2026-01-31' },
      '2026-01-31',
    );
    expect(rule).toMatchObject({
      occurrences: 1,
      nextDueOn: '2026-02-28',
      youMayCancel: true,
      lastProblem: null,
    });
    expect(await expensesOf(p.id)).toHaveLength(1);

    // Eight replicas' runs at once on 28 Feb: one expense for February.
    const runs = await Promise.all(
      Array.from({ length: 8 }, () => recurring.recordDue(rule.id, '2026-02-28')),
    );
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await expensesOf(p.id)).toHaveLength(2);
    // Positions moved once per period: Ann is owed two thirds of two months' rent.
    const ann = await db.prisma.potMember.findUniqueOrThrow({ where: { id: p.owner.id } });
    expect(Number(ann.netPence)).toBe(2 * 60_000);
  }, 30_000);

  it("records a member's template that credits someone else as waiting for them, every period", async () => {
    const p = await createPot(db.prisma, ['Ann', 'Ben', 'Cat']);
    const [, ben, cat] = p.members;
    // Cat pays a penny of the rent so as to be among its payers, and says Ben paid the rest.
    const expense: CreateExpenseRequest = {
      ...rent(p),
      payerMemberId: undefined,
      payers: [
        { memberId: ben.id, amountPence: 89_999 },
        { memberId: cat.id, amountPence: 1 },
      ],
    };
    const rule = await setUp(p, { expense, frequency: 'monthly', startOn: '2026-03-01' }, '2026-03-01', 2);
    await recurring.recordDue(rule.id, '2026-04-01');
    const recorded = await expensesOf(p.id);
    expect(recorded.map(({ status, awaitingMemberId }) => [status, awaitingMemberId])).toEqual([
      ['pending', ben.id],
      ['pending', ben.id],
    ]);
    const members = await db.prisma.potMember.findMany({ where: { potId: p.id } });
    expect(members.map(({ netPence }) => Number(netPence))).toEqual([0, 0, 0]);
  }, 30_000);

  it('catches up every period missed while nothing ran, each once, and stops at its end', async () => {
    const p = await createPot(db.prisma, ['Ann', 'Ben', 'Cat']);
    const rule = await setUp(
      p,
      { expense: rent(p, 3_000), frequency: 'weekly', startOn: '2026-03-02', endOn: '2026-03-30' },
      '2026-02-20',
    );
    expect(rule).toMatchObject({ occurrences: 0, nextDueOn: '2026-03-02' });
    await recurring.recordAllDue('2026-02-28');
    expect(await expensesOf(p.id)).toHaveLength(0);

    // The schedule's run finds every due rule (other tests' rules too: counted by this pot's expenses).
    await recurring.recordAllDue('2026-03-17');
    expect(await expensesOf(p.id)).toHaveLength(3);
    // Its members' open tabs hear of it (no command of theirs made it).
    expect(told).toContain(p.id);
    await recurring.recordAllDue('2026-03-17');
    expect(await expensesOf(p.id)).toHaveLength(3);
    await recurring.recordAllDue('2026-12-31');
    const [listed] = await recurring.list({ caller: p.members[1].caller, potId: p.id });
    expect(listed).toMatchObject({
      occurrences: 5,
      nextDueOn: null,
      endOn: '2026-03-30',
      youMayCancel: false,
    });
    expect(await expensesOf(p.id)).toHaveLength(5);
    // Each is dated the day it fell due, though recorded weeks later.
    const days = await db.prisma.expense.findMany({
      where: { potId: p.id },
      select: { spentOn: true },
      orderBy: { spentOn: 'asc' },
    });
    expect(days.map(({ spentOn }) => spentOn?.toISOString().slice(0, 10))).toEqual([
      '2026-03-02',
      '2026-03-09',
      '2026-03-16',
      '2026-03-23',
      '2026-03-30',
    ]);
  });

  it('skips a period the pot cannot pay, saying why, and records the next one', async () => {
    const p = await createPot(db.prisma, ['Ann', 'Ben']);
    const fromPot = { ...rent(p, 5_000), paidFrom: 'pot' as const, payerMemberId: undefined };
    const rule = await setUp(
      p,
      { expense: fromPot, frequency: 'weekly', startOn: '2026-05-04' },
      '2026-05-01',
    );

    // The period is asked of payments, which refuses it: the rule then says why.
    expect(await recurring.recordDue(rule.id, '2026-05-04')).toBe(1);
    expect(await ledger.carryOutPotCommands(expenses, recurring)).toBe(1);
    const [skipped] = await recurring.list({ caller: p.owner.caller, potId: p.id });
    expect(skipped.occurrences).toBe(0);
    expect(skipped.nextDueOn).toBe('2026-05-11');
    expect(skipped.lastProblem).toBe('Not added on 4 May 2026: The amount exceeds the available balance.');
    const feed = await db.prisma.activityEvent.findMany({
      where: { potId: p.id, type: 'recurring.skipped' },
    });
    expect(feed).toHaveLength(1);

    ledger.fund(potAccount(p.id), 5_000);
    expect(await recurring.recordDue(rule.id, '2026-05-11')).toBe(1);
    expect(await ledger.carryOutPotCommands(expenses, recurring)).toBe(1);
    const [paid] = await recurring.list({ caller: p.owner.caller, potId: p.id });
    expect(paid).toMatchObject({ occurrences: 1, lastProblem: null, nextDueOn: '2026-05-18' });
    expect(ledger.balance(potAccount(p.id))).toBe(0);
    const recorded = await db.prisma.expense.findMany({ where: { potId: p.id, paidFrom: 'pot' } });
    expect(recorded).toHaveLength(1);
    expect(recorded[0].spentOn?.toISOString().slice(0, 10)).toBe('2026-05-11');
  });

  it('refuses a template no member could add, a first day in the past, and strangers', async () => {
    const p = await createPot(db.prisma, ['Ann', 'Ben']);
    const other = await createPot(db.prisma, ['Zed']);
    const strangerSplit = { mode: 'equal' as const, members: [{ memberId: other.owner.id }] };
    expect(
      await problemOf(
        setUp(
          p,
          { expense: { ...rent(p), split: strangerSplit }, frequency: 'weekly', startOn: '2026-06-01' },
          '2026-06-01',
        ),
      ),
    ).toMatchObject({ status: 400 });
    expect(
      await problemOf(
        setUp(p, { expense: rent(p), frequency: 'weekly', startOn: '2026-05-31' }, '2026-06-01'),
      ),
    ).toMatchObject({ status: 400, detail: 'The first date must be today or later.' });
    expect(
      await problemOf(
        recurring.create(
          {
            caller: other.owner.caller,
            potId: p.id,
            body: { expense: rent(p), frequency: 'weekly', startOn: '2026-06-01' },
            idempotencyKey: 'x',
          },
          '2026-06-01',
        ),
      ),
    ).toMatchObject({ status: 404 });
    expect(await db.prisma.recurringExpense.count({ where: { potId: p.id } })).toBe(0);
  });

  it('is set up once per Idempotency-Key, cancelled by its author or the owner only, and then never runs', async () => {
    const p = await createPot(db.prisma, ['Ann', 'Ben', 'Cat']);
    const body = { expense: rent(p), frequency: 'weekly' as const, startOn: '2026-07-10' };
    const [first, again] = await Promise.all(
      [0, 1].map(() =>
        recurring.create(
          { caller: p.members[1].caller, potId: p.id, body, idempotencyKey: 'same' },
          '2026-07-01',
        ),
      ),
    );
    expect(again.id).toBe(first.id);
    expect(await db.prisma.recurringExpense.count({ where: { potId: p.id } })).toBe(1);

    const cancel = (who: number) =>
      recurring.cancel({ caller: p.members[who].caller, potId: p.id, recurringId: first.id });
    expect(await problemOf(cancel(2))).toMatchObject({ status: 403 });
    await cancel(0);
    await cancel(1);
    expect(await recurring.recordDue(first.id, '2026-08-01')).toBe(0);
    const [listed] = await recurring.list({ caller: p.members[2].caller, potId: p.id });
    expect(listed).toMatchObject({ nextDueOn: null, occurrences: 0, youMayCancel: false });
    expect(listed.cancelledAt).not.toBeNull();
    expect(await expensesOf(p.id)).toHaveLength(0);
  });

  it('ends when the member who set it up has left the pot', async () => {
    const p = await createPot(db.prisma, ['Ann', 'Ben', 'Cat']);
    const benPays = { ...rent(p), payerMemberId: p.members[1].id };
    const rule = await setUp(
      p,
      { expense: benPays, frequency: 'monthly', startOn: '2026-09-01' },
      '2026-08-01',
      1,
    );
    await db.prisma.potMember.update({ where: { id: p.members[1].id }, data: { removedAt: new Date() } });

    expect(await recurring.recordDue(rule.id, '2026-09-01')).toBe(0);
    const [ended] = await recurring.list({ caller: p.owner.caller, potId: p.id });
    expect(ended).toMatchObject({ nextDueOn: null, lastProblem: 'Ben left the pot, so it ended.' });
  });
});
