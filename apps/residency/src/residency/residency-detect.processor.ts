import { ResidencyJobs, ResidencyQueue } from '@kitty/contracts';
import { handleJob, QueueProcessor } from '@kitty/nest-common';
import { Inject, Injectable } from '@nestjs/common';

import { RESIDENCY_CONFIG, type ResidencyConfig } from '../config';
import { ResidencyService } from './residency.service';

/** Consumes the residency queue. */
@Injectable()
export class ResidencyDetectProcessor extends QueueProcessor {
  constructor(
    @Inject(RESIDENCY_CONFIG) config: ResidencyConfig,
    private readonly residency: ResidencyService,
  ) {
    super(ResidencyQueue, config, { concurrency: config.RESIDENCY_WORKER_CONCURRENCY });
  }

  handlers() {
    return [
      handleJob(ResidencyJobs.detect, (job) => this.residency.detect(job)),
      handleJob(ResidencyJobs.recordKycAddress, (job) => this.residency.recordKycAddress(job)),
    ];
  }
}
