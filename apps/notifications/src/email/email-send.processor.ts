import { EmailQueue, NotificationsJobs } from '@kitty/contracts';
import { handleJob, QueueProcessor } from '@kitty/nest-common';
import { Inject, Injectable } from '@nestjs/common';
import { type Job, UnrecoverableError } from 'bullmq';

import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../config';
import { EmailDeliveryService } from './email-delivery.service';

/** The job id is what makes sending idempotent; a job without one could only ever be sent blindly. */
function idOf(job: Job): string {
  if (!job.id) throw new UnrecoverableError('E-mail job has no id');
  return job.id;
}

/** Consumes the e-mail queue. */
@Injectable()
export class EmailSendProcessor extends QueueProcessor {
  constructor(
    @Inject(NOTIFICATIONS_CONFIG) config: NotificationsConfig,
    private readonly emails: EmailDeliveryService,
  ) {
    super(EmailQueue, config, { concurrency: config.EMAIL_WORKER_CONCURRENCY });
  }

  handlers() {
    return [
      handleJob(NotificationsJobs.sendEmail, (message, job) => this.emails.deliver(idOf(job), message)),
    ];
  }
}
