import { IssuingEventQueue, IssuingJobs } from '@kitty/contracts';
import { handleJob, ProblemError, QueueProcessor } from '@kitty/nest-common';
import { Inject, Injectable } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';

import { ISSUING_CONFIG, type IssuingConfig } from '../config';
import { IssuingEventService } from './issuing-event.service';

/**
 * Consumes the issuing events the gateway verified and queued (jobId = event id). The ledger refusing a
 * movement (a capture the pot cannot cover, a key used differently) will not change on retry: such a job
 * is kept in the failed set for an operator; outages are retried with the queue's backoff.
 */
@Injectable()
export class IssuingEventProcessor extends QueueProcessor {
  constructor(
    @Inject(ISSUING_CONFIG) config: IssuingConfig,
    private readonly events: IssuingEventService,
  ) {
    super(IssuingEventQueue, config, { concurrency: config.ISSUING_EVENT_WORKER_CONCURRENCY });
  }

  handlers() {
    return [
      handleJob(IssuingJobs.stripeEventReceived, async (event) => {
        try {
          await this.events.process(event);
        } catch (error) {
          if (error instanceof ProblemError && error.problem.status < 500)
            throw new UnrecoverableError(`${error.problem.title}: ${error.problem.detail ?? ''}`);
          throw error;
        }
      }),
    ];
  }
}
