import { IssuingUserDeletedQueue, PotsUserDeletedQueue } from './auth';
import { EmailQueue } from './notifications';
import { PayoutQueue, PotBalanceQueue, ReconciliationQueue, StripeEventQueue } from './payments';
import { ResidencyQueue } from './residency';

/** Every durable queue of the platform: what operators see in the queue dashboard. */
export const ALL_QUEUES = [
  ResidencyQueue,
  EmailQueue,
  StripeEventQueue,
  PotBalanceQueue,
  PayoutQueue,
  ReconciliationQueue,
  PotsUserDeletedQueue,
  IssuingUserDeletedQueue,
] as const;
