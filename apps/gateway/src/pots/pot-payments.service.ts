import {
  type CreateExpenseCommand,
  type CreateSettlementCommand,
  type Expense,
  PaymentsRpc,
  PotPaymentsRpc,
  type Settlement,
} from '@kitty/contracts';
import { ProblemError, RpcClient } from '@kitty/nest-common';
import { Injectable } from '@nestjs/common';

/**
 * Commands whose money payments moves for a pot's bookkeeping (ADR 0020): pots prepares (checks, writes
 * nothing), payments pays and writes the event pots records from in the same transaction, and pots records at
 * once. Nothing here needs undoing: a failure after the payment leaves the record to payments' event, and a
 * retry with the same Idempotency-Key finds the record, or replays the payment and records it.
 */
@Injectable()
export class PotPaymentsService {
  constructor(private readonly rpc: RpcClient) {}

  async payExpenseFromPot(command: CreateExpenseCommand): Promise<Expense> {
    const { expense, payment } = await this.rpc.call(PotPaymentsRpc.prepareExpense, command);
    if (expense) return expense;
    if (!payment) throw new Error('pots prepared neither an expense nor a payment');
    const { transactionId } = await this.rpc.call(PaymentsRpc.payExpenseFromPot, payment);
    return this.rpc
      .call(PotPaymentsRpc.recordPaidExpense, { ...payment, transactionId })
      .catch(beingRecorded);
  }

  async paySettlementWithKitty(command: CreateSettlementCommand): Promise<Settlement> {
    const { settlement, payment } = await this.rpc.call(PotPaymentsRpc.prepareSettlement, command);
    if (settlement) return settlement;
    if (!payment) throw new Error('pots prepared neither a settlement nor a payment');
    const { transactionId } = await this.rpc.call(PaymentsRpc.paySettlement, payment);
    return this.rpc
      .call(PotPaymentsRpc.recordPaidSettlement, { ...payment, transactionId })
      .catch(beingRecorded);
  }
}

/**
 * Pots could not record a payment made a moment ago (unreachable, restarting): the money has moved and
 * payments' event records it, so the answer says so, and a retry with the same Idempotency-Key (the web
 * client's own) returns the record.
 */
function beingRecorded(error: unknown): never {
  if (error instanceof ProblemError && error.problem.status >= 500)
    throw ProblemError.of(
      503,
      'Paid, being recorded',
      'The payment went through and is being recorded: it will appear in a moment.',
    );
  throw error;
}
