import { PaymentsPotAccessQueue, PotsJobs } from '@kitty/contracts';
import { handleJob, QueueProcessor } from '@kitty/nest-common';
import { Inject, Injectable } from '@nestjs/common';

import { PAYMENTS_CONFIG, type PaymentsConfig } from '../config';
import { PotAccessRepository } from './pot-access.repository';

/** Consumes `pots.pot-access.changed`: the projection payments decides pot money commands on. */
@Injectable()
export class PotAccessProcessor extends QueueProcessor {
  constructor(
    @Inject(PAYMENTS_CONFIG) config: PaymentsConfig,
    private readonly projection: PotAccessRepository,
  ) {
    super(PaymentsPotAccessQueue, config, { concurrency: 4 });
  }

  handlers() {
    return [
      handleJob(PotsJobs.potAccessChanged, async (snapshot) => void (await this.projection.apply(snapshot))),
    ];
  }
}
