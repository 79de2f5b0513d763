import { AuthJobs, IssuingUserDeletedQueue } from '@kitty/contracts';
import { handleJob, QueueProcessor } from '@kitty/nest-common';
import { Inject, Injectable } from '@nestjs/common';

import { ISSUING_CONFIG, type IssuingConfig } from '../config';
import { VirtualCardService } from './virtual-card.service';

/** Consumes `auth.user.deleted`: the card is cancelled. */
@Injectable()
export class UserDeletedProcessor extends QueueProcessor {
  constructor(
    @Inject(ISSUING_CONFIG) config: IssuingConfig,
    private readonly cards: VirtualCardService,
  ) {
    super(IssuingUserDeletedQueue, config, { concurrency: 1 });
  }

  handlers() {
    return [
      handleJob(AuthJobs.userDeletedForIssuing, ({ userId }) => this.cards.cancelForDeletedUser(userId)),
    ];
  }
}
