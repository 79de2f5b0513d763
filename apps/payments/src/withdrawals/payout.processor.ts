import { PaymentsJobs, PayoutQueue } from '@kitty/contracts';
import { handleJob, QueueProcessor } from '@kitty/nest-common';
import { Inject, Injectable } from '@nestjs/common';

import { PAYMENTS_CONFIG, type PaymentsConfig } from '../config';
import { PayoutService } from './payout.service';

/**
 * Creates the Stripe payout of each reserved withdrawal. A network or Stripe outage is retried with the
 * queue's backoff; when every attempt fails the withdrawal stays pending (money reserved, nothing paid)
 * and the failed job waits in the dashboard, because only Stripe knows whether a payout was made.
 */
@Injectable()
export class PayoutProcessor extends QueueProcessor {
  constructor(
    @Inject(PAYMENTS_CONFIG) config: PaymentsConfig,
    private readonly payouts: PayoutService,
  ) {
    super(PayoutQueue, config, { concurrency: config.PAYOUT_WORKER_CONCURRENCY });
  }

  handlers() {
    return [
      handleJob(PaymentsJobs.createPayout, ({ withdrawalId }) => this.payouts.requestPayout(withdrawalId)),
    ];
  }
}
