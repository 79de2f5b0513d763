import { EmailQueue } from './notifications';
import { PayoutQueue, PotBalanceQueue, StripeEventQueue } from './payments';
import { ResidencyQueue } from './residency';

/** Every durable queue of the platform: what operators see in the queue dashboard. */
export const ALL_QUEUES = [
  ResidencyQueue,
  EmailQueue,
  StripeEventQueue,
  PotBalanceQueue,
  PayoutQueue,
] as const;
