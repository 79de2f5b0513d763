import { EmailMessage, EmailQueue } from '@kitty/contracts';
import { parseJob, startQueueWorker } from '@kitty/nest-common';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { type Job, UnrecoverableError, type Worker } from 'bullmq';

import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../config';
import { EmailDeliveryService } from './email-delivery.service';

/** The job id is what makes sending idempotent; a job without one could only ever be sent blindly. */
function idOf(job: Job): string {
  if (!job.id) throw new UnrecoverableError('E-mail job has no id');
  return job.id;
}

/** Consumes the e-mail queue; attempts and backoff come from the queue's definition. */
@Injectable()
export class EmailSendProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private worker?: Worker;

  constructor(
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig,
    private readonly emails: EmailDeliveryService,
  ) {}

  onApplicationBootstrap(): void {
    this.worker = startQueueWorker(
      EmailQueue,
      {
        'notifications.email.send.v1': (data, job) =>
          this.emails.deliver(idOf(job), parseJob(EmailMessage, data)),
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
