import { PotsUserDeletedQueue, UserDeletedJob } from '@kitty/contracts';
import { parseJob, startQueueWorker } from '@kitty/nest-common';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Worker } from 'bullmq';

import { POTS_CONFIG, type PotsConfig } from '../config';
import { MemberErasure } from './member-erasure';

/** Consumes `auth.user.deleted`; attempts and backoff come from the queue's definition. */
@Injectable()
export class UserDeletedProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private worker?: Worker;

  constructor(
    @Inject(POTS_CONFIG) private readonly config: PotsConfig,
    private readonly erasure: MemberErasure,
  ) {}

  onApplicationBootstrap(): void {
    this.worker = startQueueWorker(
      PotsUserDeletedQueue,
      { 'auth.user.deleted.v1': (data) => this.erasure.erase(parseJob(UserDeletedJob, data)) },
      { redisUrl: this.config.REDIS_URL, prefix: this.config.QUEUE_PREFIX, concurrency: 1 },
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
  }
}
