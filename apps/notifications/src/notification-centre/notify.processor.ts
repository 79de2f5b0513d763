import { NotificationQueue, NotificationsJobs } from '@kitty/contracts';
import { handleJob, QueueProcessor } from '@kitty/nest-common';
import { Inject, Injectable } from '@nestjs/common';

import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../config';
import { NotificationCentre } from './notification-centre.service';

/** Consumes the notify queue. */
@Injectable()
export class NotifyProcessor extends QueueProcessor {
  constructor(
    @Inject(NOTIFICATIONS_CONFIG) config: NotificationsConfig,
    private readonly centre: NotificationCentre,
  ) {
    super(NotificationQueue, config, { concurrency: config.EMAIL_WORKER_CONCURRENCY });
  }

  handlers() {
    return [
      handleJob(NotificationsJobs.notify, async (notice) => void (await this.centre.notify(notice))),
      handleJob(NotificationsJobs.done, ({ keys }) => this.centre.markDone(keys)),
    ];
  }
}
