import { CardPurchaseCaptured, PotBalanceChanged, PotBalanceQueue } from '@kitty/contracts';
import { parseJob, startQueueWorker } from '@kitty/nest-common';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Worker } from 'bullmq';

import { POTS_CONFIG, type PotsConfig } from '../config';
import { PotBalanceProjection } from './pot-balance-projection';

/** Consumes the ledger's pot balance events and card purchases; attempts and backoff come from the queue's definition. */
@Injectable()
export class PotBalanceProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private worker?: Worker;

  constructor(
    @Inject(POTS_CONFIG) private readonly config: PotsConfig,
    private readonly projection: PotBalanceProjection,
  ) {}

  onApplicationBootstrap(): void {
    this.worker = startQueueWorker(
      PotBalanceQueue,
      {
        'payments.pot-balance.changed.v1': (data) => this.projection.apply(parseJob(PotBalanceChanged, data)),
        'payments.card-purchase.captured.v1': (data) =>
          this.projection.recordCardPurchase(parseJob(CardPurchaseCaptured, data)),
      },
      {
        redisUrl: this.config.REDIS_URL,
        prefix: this.config.QUEUE_PREFIX,
        concurrency: this.config.POT_BALANCE_WORKER_CONCURRENCY,
      },
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
  }
}
