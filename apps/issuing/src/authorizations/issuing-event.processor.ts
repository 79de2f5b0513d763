import { IssuingEventJob, IssuingEventQueue } from '@kitty/contracts';
import { parseJob, ProblemError, startQueueWorker } from '@kitty/nest-common';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { UnrecoverableError, type Worker } from 'bullmq';

import { ISSUING_CONFIG, type IssuingConfig } from '../config';
import { IssuingEventService } from './issuing-event.service';

/**
 * Consumes the issuing events the gateway verified and queued (jobId = event id). The ledger refusing a
 * movement (a capture the pot cannot cover, a key used differently) will not change on retry: such a job
 * is kept in the failed set for an operator; outages are retried with the queue's backoff.
 */
@Injectable()
export class IssuingEventProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private worker?: Worker;

  constructor(
    @Inject(ISSUING_CONFIG) private readonly config: IssuingConfig,
    private readonly events: IssuingEventService,
  ) {}

  onApplicationBootstrap(): void {
    this.worker = startQueueWorker(
      IssuingEventQueue,
      {
        'issuing.stripe-event.received.v1': async (data) => {
          try {
            await this.events.process(parseJob(IssuingEventJob, data));
          } catch (error) {
            if (error instanceof ProblemError && error.problem.status < 500)
              throw new UnrecoverableError(`${error.problem.title}: ${error.problem.detail ?? ''}`);
            throw error;
          }
        },
      },
      {
        redisUrl: this.config.REDIS_URL,
        prefix: this.config.QUEUE_PREFIX,
        concurrency: this.config.ISSUING_EVENT_WORKER_CONCURRENCY,
      },
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
  }
}
