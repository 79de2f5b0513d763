// The recurring expenses schedule with several pots replicas, against the real Redis: every replica
// upserts the job scheduler at boot and runs a worker, yet there is one schedule and each of its runs is
// handled by one replica.
import { randomBytes } from 'node:crypto';

import { RecurringExpensesQueue } from '@kitty/contracts';
import { redisOptionsFromUrl } from '@kitty/nest-common';
import { Queue } from 'bullmq';

import type { PotsConfig } from '../config';
import type { RecurringExpenseService } from './recurring-expense.service';
import { RECURRING_EXPENSES_SCHEDULER_ID, RecurringExpensesProcessor } from './recurring-expenses.processor';

// eslint-disable-next-line no-restricted-properties -- npm test points medium tests at its run's Redis here.
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('recurring expenses schedule with three replicas (Redis)', () => {
  const prefix = `kitty-recurring-spec-${randomBytes(4).toString('hex')}`;
  const config = { REDIS_URL, QUEUE_PREFIX: prefix, RECURRING_EXPENSES_EVERY_MS: 1_000 } as PotsConfig;
  let runs = 0;
  const service = { recordAllDue: async () => (runs += 1) } as unknown as RecurringExpenseService;
  const replicas = Array.from({ length: 3 }, () => new RecurringExpensesProcessor(config, service));
  const queue = new Queue(RecurringExpensesQueue.name, {
    connection: redisOptionsFromUrl(REDIS_URL),
    prefix,
  });

  afterAll(async () => {
    await Promise.all(replicas.map((replica) => replica.onApplicationShutdown()));
    await queue.obliterate({ force: true });
    await queue.close();
  });

  it('keeps one schedule, and runs each of its firings on one replica', async () => {
    const started = Date.now();
    await Promise.all(replicas.map((replica) => replica.onApplicationBootstrap()));
    const schedulers = await queue.getJobSchedulers();
    expect(schedulers.map((scheduler) => scheduler.key)).toEqual([RECURRING_EXPENSES_SCHEDULER_ID]);

    // Watched for 3.5 s at one firing a second: with every replica running each firing there would be
    // about three times as many runs as firings.
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    const firings = Math.ceil((Date.now() - started) / 1_000) + 1;
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(runs).toBeLessThanOrEqual(firings);
  }, 15_000);
});
