import {
  IssuingUserDeletedQueue,
  NotificationsUserDeletedQueue,
  PasswordResetQueue,
  PotsUserDeletedQueue,
} from './auth';
import { IssuingEventQueue, PaymentsPaymentAccountsQueue } from './issuing';
import { EmailQueue, NotificationQueue } from './notifications';
import {
  PaymentsPotCommandsQueue,
  PayoutQueue,
  PotBalanceQueue,
  PotPaymentsQueue,
  PotsSpendApprovalUseQueue,
  ReconciliationQueue,
  StripeEventQueue,
} from './payments';
import { PaymentsPotAccessQueue, RecurringExpensesQueue } from './pots';
import { AuthResidencyQueue, ResidencyQueue } from './residency';

/** Every durable queue of the platform: what operators see in the queue dashboard. */
export const ALL_QUEUES = [
  ResidencyQueue,
  AuthResidencyQueue,
  EmailQueue,
  NotificationQueue,
  StripeEventQueue,
  IssuingEventQueue,
  PotBalanceQueue,
  PaymentsPotAccessQueue,
  PaymentsPaymentAccountsQueue,
  PotPaymentsQueue,
  PaymentsPotCommandsQueue,
  PotsSpendApprovalUseQueue,
  RecurringExpensesQueue,
  PayoutQueue,
  ReconciliationQueue,
  PotsUserDeletedQueue,
  IssuingUserDeletedQueue,
  NotificationsUserDeletedQueue,
  PasswordResetQueue,
] as const;
