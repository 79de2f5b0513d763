import { AuthJobs, PasswordResetQueue } from '@kitty/contracts';
import { handleJob, QueueProcessor } from '@kitty/nest-common';
import { Inject, Injectable } from '@nestjs/common';

import { AUTH_CONFIG, type AuthConfig } from '../config';
import { PasswordService } from './password.service';

/** Sends the reset links of queued requests. */
@Injectable()
export class PasswordResetRequestProcessor extends QueueProcessor {
  constructor(
    @Inject(AUTH_CONFIG) config: AuthConfig,
    private readonly passwords: PasswordService,
  ) {
    super(PasswordResetQueue, config, { concurrency: 4 });
  }

  handlers() {
    return [handleJob(AuthJobs.passwordResetRequested, (job) => this.passwords.sendResetLink(job))];
  }
}
