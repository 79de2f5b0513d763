import { PaymentsJobs, StripeEventQueue } from '@kitty/contracts';
import { handleJob, QueueProcessor } from '@kitty/nest-common';
import { Inject, Injectable } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';

import { PAYMENTS_CONFIG, type PaymentsConfig } from '../config';
import { PayoutAmountMismatchError } from '../withdrawals/payout.service';
import { StripeEventService } from './stripe-event.service';
import { FundingAmountMismatchError } from './top-up-credit.service';

/** Stripe answers 404 `resource_missing` for an id it never issued. */
export function isUnknownToStripe(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { statusCode, code } = error as { statusCode?: unknown; code?: unknown };
  return statusCode === 404 && code === 'resource_missing';
}

/**
 * Consumes the Stripe events the gateway verified and queued (jobId = event id). Attempts and backoff come
 * from the queue's definition; an amount mismatch is kept in the failed set for an operator instead, and an
 * event Stripe never issued is failed at once rather than retried for an hour.
 */
@Injectable()
export class StripeEventProcessor extends QueueProcessor {
  constructor(
    @Inject(PAYMENTS_CONFIG) config: PaymentsConfig,
    private readonly events: StripeEventService,
  ) {
    super(StripeEventQueue, config, { concurrency: config.STRIPE_EVENT_WORKER_CONCURRENCY });
  }

  handlers() {
    return [
      handleJob(PaymentsJobs.stripeEventReceived, async (event) => {
        try {
          await this.events.process(event);
        } catch (error) {
          if (error instanceof FundingAmountMismatchError || error instanceof PayoutAmountMismatchError)
            throw new UnrecoverableError(error.message);
          // A correctly signed event Stripe does not know (e.g. the signing secret leaked) never will be.
          if (isUnknownToStripe(error))
            throw new UnrecoverableError(`Unknown to Stripe: ${(error as Error).message}`);
          throw error;
        }
      }),
    ];
  }
}
