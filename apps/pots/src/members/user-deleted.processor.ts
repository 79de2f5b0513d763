import { AuthJobs, PotsUserDeletedQueue } from '@kitty/contracts';
import { handleJob, QueueProcessor } from '@kitty/nest-common';
import { Inject, Injectable } from '@nestjs/common';

import { POTS_CONFIG, type PotsConfig } from '../config';
import { MemberErasure } from './member-erasure';

/** Consumes `auth.user.deleted`. */
@Injectable()
export class UserDeletedProcessor extends QueueProcessor {
  constructor(
    @Inject(POTS_CONFIG) config: PotsConfig,
    private readonly erasure: MemberErasure,
  ) {
    super(PotsUserDeletedQueue, config, { concurrency: 1 });
  }

  handlers() {
    return [handleJob(AuthJobs.userDeletedForPots, (deleted) => this.erasure.erase(deleted))];
  }
}
