import { StripeEventJob, StripeEventQueue } from '@kitty/contracts';
import { parseJob, startQueueWorker } from '@kitty/nest-common';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { UnrecoverableError, type Worker } from 'bullmq';

import { PAYMENTS_CONFIG, type PaymentsConfig } from '../config';
import { PayoutAmountMismatchError } from '../withdrawals/withdrawal.service';
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
export class StripeEventProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private worker?: Worker;

  constructor(
    @Inject(PAYMENTS_CONFIG) private readonly config: PaymentsConfig,
    private readonly events: StripeEventService,
  ) {}

  onApplicationBootstrap(): void {
    this.worker = startQueueWorker(
      StripeEventQueue,
      {
        'payments.stripe-event.received.v1': async (data) => {
          try {
            await this.events.process(parseJob(StripeEventJob, data));
          } catch (error) {
            if (error instanceof FundingAmountMismatchError || error instanceof PayoutAmountMismatchError)
              throw new UnrecoverableError(error.message);
            // A correctly signed event Stripe does not know (e.g. the signing secret leaked) never will be.
            if (isUnknownToStripe(error))
              throw new UnrecoverableError(`Unknown to Stripe: ${(error as Error).message}`);
            throw error;
          }
        },
      },
      {
        redisUrl: this.config.REDIS_URL,
        prefix: this.config.QUEUE_PREFIX,
        concurrency: this.config.STRIPE_EVENT_WORKER_CONCURRENCY,
      },
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
  }
}
