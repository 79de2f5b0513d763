import { NotificationQueue, NotificationsDoneJob, NotifyJob } from '@kitty/contracts';
import { parseJob, startQueueWorker } from '@kitty/nest-common';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Worker } from 'bullmq';

import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../config';
import { NotificationCentre } from './notification-centre.service';

/** Consumes the notify queue; attempts and backoff come from the queue's definition. */
@Injectable()
export class NotifyProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private worker?: Worker;

  constructor(
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig,
    private readonly centre: NotificationCentre,
  ) {}

  onApplicationBootstrap(): void {
    this.worker = startQueueWorker(
      NotificationQueue,
      {
        'notifications.notify.v1': async (data) => void (await this.centre.notify(parseJob(NotifyJob, data))),
        'notifications.done.v1': async (data) =>
          this.centre.markDone(parseJob(NotificationsDoneJob, data).keys),
      },
      {
        redisUrl: this.config.REDIS_URL,
        prefix: this.config.QUEUE_PREFIX,
        concurrency: this.config.EMAIL_WORKER_CONCURRENCY,
      },
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
  }
}
