import { NotificationsUserDeletedQueue, UserDeletedJob } from '@kitty/contracts';
import { parseJob, startQueueWorker } from '@kitty/nest-common';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Worker } from 'bullmq';

import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../config';
import { NotificationCentre } from './notification-centre.service';

/** Consumes `auth.user.deleted`: the person's notifications and preferences go with their account. */
@Injectable()
export class NotificationsUserDeletedProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private worker?: Worker;

  constructor(
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig,
    private readonly centre: NotificationCentre,
  ) {}

  onApplicationBootstrap(): void {
    this.worker = startQueueWorker(
      NotificationsUserDeletedQueue,
      { 'auth.user.deleted.v1': (data) => this.centre.forget(parseJob(UserDeletedJob, data).userId) },
      { redisUrl: this.config.REDIS_URL, prefix: this.config.QUEUE_PREFIX, concurrency: 1 },
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
  }
}
