import { PaymentsPotAccessQueue, PotAccessChangedJob } from '@kitty/contracts';
import { parseJob, startQueueWorker } from '@kitty/nest-common';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Worker } from 'bullmq';

import { PAYMENTS_CONFIG, type PaymentsConfig } from '../config';
import { PotAccessRepository } from './pot-access.repository';

/** Consumes `pots.pot-access.changed`: the projection payments decides pot money commands on. */
@Injectable()
export class PotAccessProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private worker?: Worker;

  constructor(
    @Inject(PAYMENTS_CONFIG) private readonly config: PaymentsConfig,
    private readonly projection: PotAccessRepository,
  ) {}

  onApplicationBootstrap(): void {
    this.worker = startQueueWorker(
      PaymentsPotAccessQueue,
      {
        'pots.pot-access.changed.v1': async (data) => {
          await this.projection.apply(parseJob(PotAccessChangedJob, data));
        },
      },
      { redisUrl: this.config.REDIS_URL, prefix: this.config.QUEUE_PREFIX, concurrency: 4 },
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
  }
}
