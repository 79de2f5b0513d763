import { AuthResidencyQueue, ResidencyChangedJob } from '@kitty/contracts';
import { parseJob, startQueueWorker } from '@kitty/nest-common';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Worker } from 'bullmq';

import { AUTH_CONFIG, type AuthConfig } from '../config';
import { ResidencyCopyRepository } from './residency-copy.repository';

/** Consumes `residency.changed` into auth's copy; attempts and backoff come from the queue's definition. */
@Injectable()
export class ResidencyChangedProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private worker?: Worker;

  constructor(
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    private readonly copies: ResidencyCopyRepository,
  ) {}

  onApplicationBootstrap(): void {
    this.worker = startQueueWorker(
      AuthResidencyQueue,
      {
        'residency.changed.v1': async (data) => {
          await this.copies.apply(parseJob(ResidencyChangedJob, data));
        },
      },
      { redisUrl: this.config.REDIS_URL, prefix: this.config.QUEUE_PREFIX, concurrency: 4 },
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
  }
}
