import { RecurringExpensesQueue } from '@kitty/contracts';
import { redisOptionsFromUrl, startQueueWorker } from '@kitty/nest-common';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Queue, type Worker } from 'bullmq';

import { POTS_CONFIG, type PotsConfig } from '../config';
import { RecurringExpenseService } from './recurring-expense.service';

export const RECURRING_EXPENSES_SCHEDULER_ID = 'pots-recurring-expenses';

/**
 * Records due recurring expenses on a BullMQ job scheduler: every replica upserts the same scheduler at
 * boot (one schedule), each run goes to one replica, and a run records only what is due and not yet
 * recorded, so a retry or a run overlapping another changes nothing twice.
 */
@Injectable()
export class RecurringExpensesProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private queue?: Queue;
  private worker?: Worker;

  constructor(
    @Inject(POTS_CONFIG) private readonly config: PotsConfig,
    private readonly recurring: RecurringExpenseService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const connection = { redisUrl: this.config.REDIS_URL, prefix: this.config.QUEUE_PREFIX };
    this.queue = new Queue(RecurringExpensesQueue.name, {
      connection: redisOptionsFromUrl(connection.redisUrl),
      prefix: connection.prefix,
    });
    await this.queue.upsertJobScheduler(
      RECURRING_EXPENSES_SCHEDULER_ID,
      { every: this.config.RECURRING_EXPENSES_EVERY_MS },
      { name: 'pots.recurring.run-due.v1', data: {}, opts: RecurringExpensesQueue.jobOptions },
    );
    this.worker = startQueueWorker(
      RecurringExpensesQueue,
      { 'pots.recurring.run-due.v1': async () => void (await this.recurring.recordAllDue()) },
      { ...connection, concurrency: 1 },
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    await this.queue?.close();
  }
}
