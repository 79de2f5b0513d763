import { PaymentsJobs, PotsSpendApprovalUseQueue } from '@kitty/contracts';
import { handleJob, QueueProcessor } from '@kitty/nest-common';
import { Inject, Injectable } from '@nestjs/common';

import { POTS_CONFIG, type PotsConfig } from '../config';
import { SpendApprovalsService } from './spend-approvals.service';

/** Consumes payments' news of the approvals it used (or freed), so the pot shows them as they are. */
@Injectable()
export class SpendApprovalUseProcessor extends QueueProcessor {
  constructor(
    @Inject(POTS_CONFIG) config: PotsConfig,
    private readonly approvals: SpendApprovalsService,
  ) {
    super(PotsSpendApprovalUseQueue, config, { concurrency: 2 });
  }

  handlers() {
    return [handleJob(PaymentsJobs.spendApprovalUseChanged, (event) => this.approvals.applyUse(event))];
  }
}
