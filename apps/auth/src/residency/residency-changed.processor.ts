import { AuthResidencyQueue, ResidencyJobs } from '@kitty/contracts';
import { handleJob, QueueProcessor } from '@kitty/nest-common';
import { Inject, Injectable } from '@nestjs/common';

import { AUTH_CONFIG, type AuthConfig } from '../config';
import { ResidencyCopyRepository } from './residency-copy.repository';

/** Consumes `residency.changed` into auth's copy. */
@Injectable()
export class ResidencyChangedProcessor extends QueueProcessor {
  constructor(
    @Inject(AUTH_CONFIG) config: AuthConfig,
    private readonly copies: ResidencyCopyRepository,
  ) {
    super(AuthResidencyQueue, config, { concurrency: 4 });
  }

  handlers() {
    return [handleJob(ResidencyJobs.changed, (changed) => this.copies.apply(changed))];
  }
}
