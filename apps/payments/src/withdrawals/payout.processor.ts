import { CreatePayoutJob, PayoutQueue } from '@kitty/contracts';
import { parseJob, startQueueWorker } from '@kitty/nest-common';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Worker } from 'bullmq';

import { PAYMENTS_CONFIG, type PaymentsConfig } from '../config';
import { WithdrawalService } from './withdrawal.service';

/**
 * Creates the Stripe payout of each reserved withdrawal. A network or Stripe outage is retried with the
 * queue's backoff; when every attempt fails the withdrawal stays pending (money reserved, nothing paid)
 * and the failed job waits in the dashboard, because only Stripe knows whether a payout was made.
 */
@Injectable()
export class PayoutProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private worker?: Worker;

  constructor(
    @Inject(PAYMENTS_CONFIG) private readonly config: PaymentsConfig,
    private readonly withdrawals: WithdrawalService,
  ) {}

  onApplicationBootstrap(): void {
    this.worker = startQueueWorker(
      PayoutQueue,
      {
        'payments.payout.create.v1': (data) =>
          this.withdrawals.requestPayout(parseJob(CreatePayoutJob, data).withdrawalId),
      },
      {
        redisUrl: this.config.REDIS_URL,
        prefix: this.config.QUEUE_PREFIX,
        concurrency: this.config.PAYOUT_WORKER_CONCURRENCY,
      },
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
  }
}
