import { z } from 'zod';

import { defineQueue, defineRpc, Uuid } from '../common';
import { Expense, Settlement } from '../pots/expense';
import { CreateExpenseCommand, CreateSettlementCommand } from '../pots/rpc';

/**
 * Money a pot's bookkeeping pays with, moved by payments alone (ADR 0020). Pots prepares the command (who may,
 * what it records); payments moves the money and, in the same database transaction, writes the event from
 * which pots records what it paid for. Pots never calls payments, so there is nothing to compensate.
 */

/** An expense paid from the pot: the command exactly as pots will record it, under the id it will have. */
export const PayExpenseFromPotCommand = z.object({ expenseId: Uuid, expense: CreateExpenseCommand });
export type PayExpenseFromPotCommand = z.infer<typeof PayExpenseFromPotCommand>;

/** A debt between members paid from the payer's wallet to the payee's (the payer is the command's caller). */
export const PaySettlementCommand = z.object({
  settlementId: Uuid,
  settlement: CreateSettlementCommand,
  toUserId: Uuid,
  description: z.string().max(200),
});
export type PaySettlementCommand = z.infer<typeof PaySettlementCommand>;

/** What pots answers before any money moves: the record a repeat of the command finds, or what to pay. */
export const PreparedExpense = z.object({
  expense: Expense.nullable(),
  payment: PayExpenseFromPotCommand.nullable(),
});
export type PreparedExpense = z.infer<typeof PreparedExpense>;
export const PreparedSettlement = z.object({
  settlement: Settlement.nullable(),
  payment: PaySettlementCommand.nullable(),
});
export type PreparedSettlement = z.infer<typeof PreparedSettlement>;

/** `payments.pot-expense.paid`: the pot was debited (ledger transaction `transactionId`) for this expense. */
export const PotExpensePaid = PayExpenseFromPotCommand.extend({ transactionId: Uuid });
export type PotExpensePaid = z.infer<typeof PotExpensePaid>;

/** `payments.settlement.paid`: the payer's wallet paid the payee's for this settlement. */
export const SettlementPaid = PaySettlementCommand.extend({ transactionId: Uuid });
export type SettlementPaid = z.infer<typeof SettlementPaid>;

/**
 * `payments.pot-expense.refused`: an expense pots asked to be paid on its own (a recurring one) was not,
 * with the refusal's machine code and its words for people.
 */
export const PotExpenseRefused = PayExpenseFromPotCommand.extend({
  code: z.string().nullable(),
  detail: z.string(),
});
export type PotExpenseRefused = z.infer<typeof PotExpenseRefused>;

/** What a pot's bookkeeping asks payments to give back once it no longer stands. */
export const RefundTarget = z.discriminatedUnion('type', [
  z.object({ type: z.literal('expense'), expenseId: Uuid }).strict(),
  z.object({ type: z.literal('settlement'), settlementId: Uuid }).strict(),
]);
export type RefundTarget = z.infer<typeof RefundTarget>;

/** `pots.payment.refund-due`: reverse what was paid for `target` (a deleted pot-paid expense refunds the pot). */
export const RefundDue = z.object({ target: RefundTarget, reason: z.string().max(200) });
export type RefundDue = z.infer<typeof RefundDue>;

/** Payments' results that pots records. */
export const PotPaymentsQueue = defineQueue('pots-payments', [
  'payments.pot-expense.paid.v1',
  'payments.pot-expense.refused.v1',
  'payments.settlement.paid.v1',
]);

/** Pots' requests that payments carries out. */
export const PaymentsPotCommandsQueue = defineQueue('payments-pot-commands', [
  'pots.expense.payment-due.v1',
  'pots.payment.refund-due.v1',
]);

/** Pots' side of a payment made for its bookkeeping (gateway → pots, around payments' RPC). */
export const PotPaymentsRpc = {
  /** A pot-paid expense, before payments pays it: refuses what recording it would refuse. Reads only. */
  prepareExpense: defineRpc('pots.expense.prepare.v1', CreateExpenseCommand, PreparedExpense),
  /** Records what payments paid (also done from its event; idempotent, never refused). */
  recordPaidExpense: defineRpc('pots.expense.record-paid.v1', PotExpensePaid, Expense),
  /** A payment made with Kitty, before payments moves the wallet money. Reads only. */
  prepareSettlement: defineRpc('pots.settlement.prepare.v1', CreateSettlementCommand, PreparedSettlement),
  /** Records the wallet payment payments made (also done from its event; idempotent, never refused). */
  recordPaidSettlement: defineRpc('pots.settlement.record-paid.v1', SettlementPaid, Settlement),
} as const;
