import { PaymentsJobs, PotBalanceQueue } from '@kitty/contracts';
import { handleJob, QueueProcessor } from '@kitty/nest-common';
import { Inject, Injectable } from '@nestjs/common';

import { POTS_CONFIG, type PotsConfig } from '../config';
import { PotBalanceProjection } from './pot-balance-projection';

/** Consumes the ledger's pot balance events and the card purchases paid from pots. */
@Injectable()
export class PotBalanceProcessor extends QueueProcessor {
  constructor(
    @Inject(POTS_CONFIG) config: PotsConfig,
    private readonly projection: PotBalanceProjection,
  ) {
    super(PotBalanceQueue, config, { concurrency: config.POT_BALANCE_WORKER_CONCURRENCY });
  }

  handlers() {
    return [
      handleJob(PaymentsJobs.potBalanceChanged, (event) => this.projection.apply(event)),
      handleJob(PaymentsJobs.cardPurchaseCaptured, (purchase) =>
        this.projection.recordCardPurchase(purchase),
      ),
    ];
  }
}
