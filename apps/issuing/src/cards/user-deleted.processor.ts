import { AuthJobs, IssuingUserDeletedQueue } from '@kitty/contracts';
import { handleJob, QueueProcessor } from '@kitty/nest-common';
import { Inject, Injectable } from '@nestjs/common';

import { OnboardingService } from '../accounts/onboarding.service';
import { ISSUING_CONFIG, type IssuingConfig } from '../config';
import { VirtualCardService } from './virtual-card.service';

/** Consumes `auth.user.deleted`: the card is cancelled and the payment account closed (payments is told). */
@Injectable()
export class UserDeletedProcessor extends QueueProcessor {
  constructor(
    @Inject(ISSUING_CONFIG) config: IssuingConfig,
    private readonly cards: VirtualCardService,
    private readonly accounts: OnboardingService,
  ) {
    super(IssuingUserDeletedQueue, config, { concurrency: 1 });
  }

  handlers() {
    return [
      handleJob(AuthJobs.userDeletedForIssuing, async ({ userId }) => {
        await this.accounts.closeForDeletedUser(userId);
        await this.cards.cancelForDeletedUser(userId);
      }),
    ];
  }
}
