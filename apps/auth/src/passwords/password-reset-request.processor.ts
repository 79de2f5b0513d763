import { PasswordResetQueue, PasswordResetRequestedJob } from '@kitty/contracts';
import { parseJob, startQueueWorker } from '@kitty/nest-common';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Worker } from 'bullmq';

import { AUTH_CONFIG, type AuthConfig } from '../config';
import { PasswordService } from './password.service';

/** Sends the reset links of queued requests; attempts and backoff come from the queue's definition. */
@Injectable()
export class PasswordResetRequestProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private worker?: Worker;

  constructor(
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    private readonly passwords: PasswordService,
  ) {}

  onApplicationBootstrap(): void {
    this.worker = startQueueWorker(
      PasswordResetQueue,
      {
        'auth.password-reset.requested.v1': async (data) => {
          await this.passwords.sendResetLink(parseJob(PasswordResetRequestedJob, data));
        },
      },
      { redisUrl: this.config.REDIS_URL, prefix: this.config.QUEUE_PREFIX, concurrency: 4 },
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
  }
}
