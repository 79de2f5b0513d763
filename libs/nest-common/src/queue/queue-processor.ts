import type { JobContract, QueueDefinition } from '@kitty/contracts';
import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Queue, type RepeatOptions, type Worker } from 'bullmq';

import { type QueueConnection, queueConnection } from './queue-connection';
import { type JobHandler, startQueueWorker } from './queue-worker';

/** The slice of every service's config a processor needs. */
export interface QueueConnectionConfig {
  REDIS_URL: string;
  QUEUE_PREFIX: string;
}

/**
 * A job the queue runs on a schedule. Every replica upserts the same scheduler id at boot, which leaves one
 * schedule, and each firing goes to one replica.
 */
export interface JobSchedule {
  id: string;
  repeat: Omit<RepeatOptions, 'key'>;
  job: JobContract;
}

export interface ProcessorOptions {
  concurrency: number;
  schedule?: JobSchedule;
}

/**
 * The consumer of one queue in a service: starts its worker (and its schedule, if any) at boot and closes
 * them at shutdown. A subclass names the queue and handles each of its jobs with handleJob; attempts and
 * backoff come from the queue's definition.
 */
export abstract class QueueProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private worker?: Worker;
  private scheduler?: { queue: Queue; connection: QueueConnection };

  protected constructor(
    private readonly queue: QueueDefinition,
    private readonly config: QueueConnectionConfig,
    private readonly options: ProcessorOptions,
  ) {}

  /** One handler per job name of the queue (checked at boot). */
  abstract handlers(): readonly JobHandler[];

  async onApplicationBootstrap(): Promise<void> {
    const { schedule } = this.options;
    if (schedule) {
      const connection = queueConnection(this.config.REDIS_URL, this.config.QUEUE_PREFIX, this.queue.name);
      this.scheduler = { queue: new Queue(this.queue.name, connection), connection };
      await this.scheduler.queue.upsertJobScheduler(schedule.id, schedule.repeat, {
        name: schedule.job.name,
        data: {},
        opts: this.queue.jobOptions,
      });
    }
    this.worker = startQueueWorker(this.queue, this.handlers(), {
      redisUrl: this.config.REDIS_URL,
      prefix: this.config.QUEUE_PREFIX,
      concurrency: this.options.concurrency,
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    await this.scheduler?.queue.close();
    await this.scheduler?.connection.close();
  }
}
