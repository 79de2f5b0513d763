import { z } from 'zod';

import { defineJob } from '../common';
import { PayExpenseFromPotCommand, PaymentsPotCommandsQueue, RefundDue } from '../payments/pot-payments';
import {
  CardPotChangedJob,
  PaymentsPotAccessQueue,
  PotAccessChangedJob,
  SpendApprovalChangedJob,
} from './pot-access';
import { RecurringExpensesQueue } from './recurring';

export const PotsJobs = {
  /** A firing of the recurring expenses schedule: it names nothing, as each run records all that is due. */
  runDueRecurringExpenses: defineJob(RecurringExpensesQueue, 'pots.recurring.run-due.v1', z.object({})),
  /** Who belongs to a pot and under which rules now (see PotAccessChangedJob), for payments' projection. */
  potAccessChanged: defineJob(PaymentsPotAccessQueue, 'pots.pot-access.changed.v1', PotAccessChangedJob),
  /** An expense pots records on its own schedule (a recurring one) is to be paid from the pot. */
  expensePaymentDue: defineJob(
    PaymentsPotCommandsQueue,
    'pots.expense.payment-due.v1',
    PayExpenseFromPotCommand,
  ),
  /** What was paid for a record that no longer stands (a deleted pot-paid expense) is to be given back. */
  refundDue: defineJob(PaymentsPotCommandsQueue, 'pots.payment.refund-due.v1', RefundDue),
  /** The pot a user's card spends from now (see CardPotChangedJob), for payments' card decisions. */
  cardPotChanged: defineJob(PaymentsPotAccessQueue, 'pots.card-pot.changed.v1', CardPotChangedJob),
  /** A card spending approval granted or withdrawn (see SpendApprovalChangedJob), for payments. */
  spendApprovalChanged: defineJob(
    PaymentsPotAccessQueue,
    'pots.spend-approval.changed.v1',
    SpendApprovalChangedJob,
  ),
};
