// Payments' part in the money a pot's bookkeeping pays with, kept in memory with the ledger's rules (a key
// posts once and replays after; an account never goes below zero), driving pots' services the way the
// gateway and payments' events do: prepare, pay, record; refunds and scheduled payments from pots' outbox.
import { randomUUID } from 'node:crypto';

import {
  type CreateExpenseCommand,
  type CreateSettlementCommand,
  type Expense,
  PayExpenseFromPotCommand,
  PotsJobs,
  ProblemCodes,
  RefundDue,
  type Settlement,
} from '@kitty/contracts';
import { type OutboxRelay, ProblemError } from '@kitty/nest-common';

import type { BalancesService } from '../balances/balances.service';
import type { ExpenseService } from '../expenses/expense.service';
import type { PrismaService } from '../prisma.service';
import type { RecurringExpenseService } from '../recurring/recurring-expense.service';

interface Posting {
  transactionId: string;
  legs: { account: string; pence: number }[];
}

export const potAccount = (potId: string) => `pot:${potId}`;
export const walletAccount = (userId: string) => `wallet:${userId}`;
export const expenseKey = (expenseId: string) => `expense:${expenseId}`;

/** The outbox relay's kick, which these tests do without: they read pots' outbox themselves. */
export const idleRelay = { kick: () => undefined } as unknown as OutboxRelay;

export class FakePayments {
  readonly balances = new Map<string, number>();
  /** Postings by key, refunds included (`refund:<key>`). */
  readonly postings = new Map<string, Posting>();

  constructor(private readonly prisma: PrismaService) {}

  fund(account: string, pence: number): void {
    this.balances.set(account, this.balance(account) + pence);
  }

  balance(account: string): number {
    return this.balances.get(account) ?? 0;
  }

  /** How many postings (not replays) were made under `key`. */
  posted(key: string): number {
    return this.postings.has(key) ? 1 : 0;
  }

  refunded(key: string): boolean {
    return this.postings.has(`refund:${key}`);
  }

  /** A pot-paid expense as the gateway makes it: prepared by pots, paid here, recorded by pots. */
  async payExpense(expenses: ExpenseService, command: CreateExpenseCommand): Promise<Expense> {
    const { expense, payment } = await expenses.prepare(command);
    if (expense) return expense;
    if (!payment) throw new Error('prepared neither');
    const transactionId = await this.settle(expenseKey(payment.expenseId), [
      { account: potAccount(command.potId), pence: -command.body.amountPence },
      { account: 'merchant:clearing', pence: command.body.amountPence },
    ]);
    return expenses.recordPaid({ ...payment, transactionId });
  }

  /** A settlement paid with Kitty as the gateway makes it. */
  async paySettlement(balances: BalancesService, command: CreateSettlementCommand): Promise<Settlement> {
    const { settlement, payment } = await balances.prepareSettlement(command);
    if (settlement) return settlement;
    if (!payment) throw new Error('prepared neither');
    const transactionId = await this.settle(`settlement:${payment.settlementId}`, [
      { account: walletAccount(command.caller.userId), pence: -command.body.amountPence },
      { account: walletAccount(payment.toUserId), pence: command.body.amountPence },
    ]);
    return balances.recordPaidSettlement({ ...payment, transactionId });
  }

  /**
   * What payments' processor does with the jobs pots has written since the last call: refunds, and the
   * scheduled payments (recorded, or refused back to `recurring`). Returns how many jobs it carried out.
   */
  async carryOutPotCommands(expenses?: ExpenseService, recurring?: RecurringExpenseService): Promise<number> {
    const rows = await this.prisma.outboxMessage.findMany({
      where: { queue: PotsJobs.refundDue.queue.name, relayedAt: null },
      orderBy: { createdAt: 'asc' },
    });
    for (const row of rows) {
      await this.prisma.outboxMessage.update({ where: { id: row.id }, data: { relayedAt: new Date() } });
      if (row.jobName === PotsJobs.refundDue.name) {
        const { target } = RefundDue.parse(row.payload);
        const key =
          target.type === 'expense' ? expenseKey(target.expenseId) : `settlement:${target.settlementId}`;
        const original = this.postings.get(key);
        if (original)
          await this.settle(
            `refund:${key}`,
            original.legs.map((leg) => ({ account: leg.account, pence: -leg.pence })),
          );
      } else {
        const payment = PayExpenseFromPotCommand.parse(row.payload);
        const { potId, body } = payment.expense;
        try {
          const transactionId = await this.settle(expenseKey(payment.expenseId), [
            { account: potAccount(potId), pence: -body.amountPence },
            { account: 'merchant:clearing', pence: body.amountPence },
          ]);
          await expenses?.recordPaid({ ...payment, transactionId });
        } catch (error) {
          if (!(error instanceof ProblemError)) throw error;
          await recurring?.noteRefused({
            ...payment,
            code: error.problem.code ?? null,
            detail: error.problem.detail ?? error.problem.title,
          });
        }
      }
    }
    return rows.length;
  }

  /** Posts `legs` under `key` once (a repeat replays), refusing to take any account below zero. */
  private async settle(key: string, legs: Posting['legs']): Promise<string> {
    // A round trip to payments: lets concurrent commands interleave as they do over the network.
    await new Promise((resolve) => setImmediate(resolve));
    const earlier = this.postings.get(key);
    if (earlier) return earlier.transactionId;
    for (const leg of legs) {
      if (!leg.account.startsWith('merchant:') && this.balance(leg.account) + leg.pence < 0)
        throw ProblemError.coded(
          ProblemCodes.insufficientFunds,
          400,
          'Insufficient funds',
          'The amount exceeds the available balance.',
        );
    }
    for (const leg of legs) this.fund(leg.account, leg.pence);
    const posting = { transactionId: randomUUID(), legs };
    this.postings.set(key, posting);
    return posting.transactionId;
  }
}
