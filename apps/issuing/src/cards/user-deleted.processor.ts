import { IssuingUserDeletedQueue, UserDeletedJob } from '@kitty/contracts';
import { parseJob, startQueueWorker } from '@kitty/nest-common';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Worker } from 'bullmq';

import { ISSUING_CONFIG, type IssuingConfig } from '../config';
import { VirtualCardService } from './virtual-card.service';

/** Consumes `auth.user.deleted`: the card is cancelled. Attempts and backoff come from the queue. */
@Injectable()
export class UserDeletedProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private worker?: Worker;

  constructor(
    @Inject(ISSUING_CONFIG) private readonly config: IssuingConfig,
    private readonly cards: VirtualCardService,
  ) {}

  onApplicationBootstrap(): void {
    this.worker = startQueueWorker(
      IssuingUserDeletedQueue,
      {
        'auth.user.deleted.v1': (data) =>
          this.cards.cancelForDeletedUser(parseJob(UserDeletedJob, data).userId),
      },
      { redisUrl: this.config.REDIS_URL, prefix: this.config.QUEUE_PREFIX, concurrency: 1 },
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
  }
}
