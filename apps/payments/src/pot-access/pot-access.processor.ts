import { PaymentsPotAccessQueue, PotsJobs } from '@kitty/contracts';
import { handleJob, QueueProcessor } from '@kitty/nest-common';
import { Inject, Injectable } from '@nestjs/common';

import { PAYMENTS_CONFIG, type PaymentsConfig } from '../config';
import { PotAccessRepository } from './pot-access.repository';

/**
 * Consumes pots' announcements (who belongs to each pot under which rules, each user's card pot, spending
 * approvals): the projection payments decides pot money commands and card payments on.
 */
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
      handleJob(
        PotsJobs.cardPotChanged,
        async (snapshot) => void (await this.projection.applyCardPot(snapshot)),
      ),
      handleJob(PotsJobs.spendApprovalChanged, (event) => this.projection.applySpendApproval(event)),
    ];
  }
}
