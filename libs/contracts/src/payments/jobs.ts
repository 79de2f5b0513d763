import { defineJob } from '../common';
import { PotsSpendApprovalUseQueue, SpendApprovalUseChanged } from './card-money';
import {
  CardPurchaseCaptured,
  CreatePayoutJob,
  PayoutQueue,
  PotBalanceChanged,
  PotBalanceQueue,
  StripeEventJob,
  StripeEventQueue,
} from './events';
import { PotExpensePaid, PotExpenseRefused, PotPaymentsQueue, SettlementPaid } from './pot-payments';
import { ReconciliationJob, ReconciliationQueue } from './reconciliation';

export const PaymentsJobs = {
  stripeEventReceived: defineJob(StripeEventQueue, 'payments.stripe-event.received.v1', StripeEventJob),
  potBalanceChanged: defineJob(PotBalanceQueue, 'payments.pot-balance.changed.v1', PotBalanceChanged),
  cardPurchaseCaptured: defineJob(
    PotBalanceQueue,
    'payments.card-purchase.captured.v1',
    CardPurchaseCaptured,
  ),
  potExpensePaid: defineJob(PotPaymentsQueue, 'payments.pot-expense.paid.v1', PotExpensePaid),
  potExpenseRefused: defineJob(PotPaymentsQueue, 'payments.pot-expense.refused.v1', PotExpenseRefused),
  settlementPaid: defineJob(PotPaymentsQueue, 'payments.settlement.paid.v1', SettlementPaid),
  spendApprovalUseChanged: defineJob(
    PotsSpendApprovalUseQueue,
    'payments.spend-approval.use-changed.v1',
    SpendApprovalUseChanged,
  ),
  createPayout: defineJob(PayoutQueue, 'payments.payout.create.v1', CreatePayoutJob),
  runReconciliation: defineJob(ReconciliationQueue, 'payments.reconciliation.run.v1', ReconciliationJob),
};
