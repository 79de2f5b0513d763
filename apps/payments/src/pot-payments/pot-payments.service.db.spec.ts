// Money a pot's bookkeeping pays with, against the real Postgres: each payment posts and writes the event
// pots records from in one transaction, a repeat replays without a second event, a refusal writes nothing,
// and a refund gives back exactly once.
import { randomUUID } from 'node:crypto';

import { type CreateExpenseCommand, PaymentsJobs, ProblemCodes } from '@kitty/contracts';
import { ProblemError } from '@kitty/nest-common';

import { PlatformAccount, potAccount } from '../ledger/accounts';
import { LedgerService } from '../ledger/ledger.service';
import { openPaymentsDatabase, type PaymentsDatabase } from '../testing/database';
import { FakePeerRpc, idleRelay } from '../testing/fakes';
import { expenseLedgerKey } from './pot-payment-keys';
import { PotPaymentsService } from './pot-payments.service';

describe('PotPaymentsService (PostgreSQL)', () => {
  let database: PaymentsDatabase;
  let payments: PotPaymentsService;
  const peers = new FakePeerRpc();
  const ledger = new LedgerService();

  beforeAll(() => {
    database = openPaymentsDatabase();
    payments = new PotPaymentsService(database.prisma, ledger, peers.asPeers(), idleRelay());
  }, 60_000);

  afterAll(() => database?.close());

  /** A pot with `pence` in it, whose owner Ann spends £12 on dinner. */
  async function potWith(pence: number) {
    const potId = randomUUID();
    const userId = randomUUID();
    peers.join(potId, userId, 'owner');
    if (pence > 0)
      await database.prisma.$transaction((tx) =>
        ledger.post(tx, {
          idempotencyKey: `top_up:${randomUUID()}`,
          kind: 'top_up',
          description: 'Top-up',
          userId,
          postings: [
            { accountId: PlatformAccount.stripeClearing, amountPence: -BigInt(pence) },
            { accountId: potAccount(potId), amountPence: BigInt(pence) },
          ],
        }),
      );
    const expense: CreateExpenseCommand = {
      caller: { userId, name: 'Ann', email: 'ann@example.com' },
      potId,
      idempotencyKey: randomUUID(),
      body: {
        description: 'Dinner',
        amountPence: 1200,
        paidFrom: 'pot',
        category: 'food',
        split: { mode: 'equal', members: [{ memberId: randomUUID() }] },
      },
    };
    return { potId, userId, command: { expenseId: randomUUID(), expense } };
  }
  const eventsFor = (expenseId: string, jobName: string) =>
    database.prisma.outboxMessage.findMany({
      where: { jobName, payload: { path: ['expenseId'], equals: expenseId } },
    });
  const balanceOf = (potId: string) => ledger.balance(database.prisma, potAccount(potId));

  it('debits the pot and writes the paid event in one transaction; a repeat replays, with no second event', async () => {
    const { potId, command } = await potWith(5000);
    const answers = await Promise.all(Array.from({ length: 6 }, () => payments.payExpenseFromPot(command)));
    expect(new Set(answers.map((answer) => answer.transactionId)).size).toBe(1);
    expect(answers.filter((answer) => !answer.replayed)).toHaveLength(1);
    expect(await balanceOf(potId)).toBe(3800n);
    const [event, ...more] = await eventsFor(command.expenseId, PaymentsJobs.potExpensePaid.name);
    expect(more).toEqual([]);
    expect(event.payload).toMatchObject({ ...command, transactionId: answers[0].transactionId });
  }, 30_000);

  it('refuses a pot that does not cover it with a coded problem, writing nothing', async () => {
    const { potId, command } = await potWith(500);
    const refused = await payments.payExpenseFromPot(command).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ProblemError);
    expect((refused as ProblemError).problem).toMatchObject({
      status: 400,
      code: ProblemCodes.insufficientFunds,
      title: 'Insufficient funds',
    });
    expect(await balanceOf(potId)).toBe(500n);
    expect(await eventsFor(command.expenseId, PaymentsJobs.potExpensePaid.name)).toEqual([]);
  }, 30_000);

  it('refuses a caller its projection does not show as a member (404), writing nothing', async () => {
    const { potId, command } = await potWith(5000);
    const stranger = { ...command.expense.caller, userId: randomUUID() };
    const refused = await payments
      .payExpenseFromPot({ ...command, expense: { ...command.expense, caller: stranger } })
      .catch((error: unknown) => error);
    expect((refused as ProblemError).problem).toMatchObject({ status: 404 });
    expect(await balanceOf(potId)).toBe(5000n);
  }, 30_000);

  it('tells pots a scheduled expense it could not pay, with the refusal’s code', async () => {
    const { command } = await potWith(0);
    await payments.payScheduledExpense(command);
    const [refusal] = await eventsFor(command.expenseId, PaymentsJobs.potExpenseRefused.name);
    expect(refusal.payload).toMatchObject({
      code: ProblemCodes.insufficientFunds,
      detail: 'The amount exceeds the available balance.',
    });
  }, 30_000);

  it('refunds a deleted expense once, however often the refund is delivered; a never-paid one gives nothing', async () => {
    const { potId, command } = await potWith(5000);
    await payments.payExpenseFromPot(command);
    const refund = { target: { type: 'expense' as const, expenseId: command.expenseId }, reason: 'Deleted' };
    await Promise.all([payments.refund(refund), payments.refund(refund)]);
    await payments.refund(refund);
    expect(await balanceOf(potId)).toBe(5000n);
    const reversals = await database.prisma.$queryRawUnsafe<{ n: bigint }[]>(
      `SELECT count(*) AS n FROM ledger_transactions WHERE idempotency_key = $1`,
      `reversal:${expenseLedgerKey(command.expenseId)}`,
    );
    expect(Number(reversals[0].n)).toBe(1);
    await payments.refund({ target: { type: 'expense', expenseId: randomUUID() }, reason: 'Deleted' });
    expect(await balanceOf(potId)).toBe(5000n);
  }, 30_000);
});
