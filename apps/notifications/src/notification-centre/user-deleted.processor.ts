import { AuthJobs, NotificationsUserDeletedQueue } from '@kitty/contracts';
import { handleJob, QueueProcessor } from '@kitty/nest-common';
import { Inject, Injectable } from '@nestjs/common';

import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../config';
import { NotificationCentre } from './notification-centre.service';

/** Consumes `auth.user.deleted`: the person's notifications and preferences go with their account. */
@Injectable()
export class NotificationsUserDeletedProcessor extends QueueProcessor {
  constructor(
    @Inject(NOTIFICATIONS_CONFIG) config: NotificationsConfig,
    private readonly centre: NotificationCentre,
  ) {
    super(NotificationsUserDeletedQueue, config, { concurrency: 1 });
  }

  handlers() {
    return [handleJob(AuthJobs.userDeletedForNotifications, ({ userId }) => this.centre.forget(userId))];
  }
}
