// The reconciliation schedule with several payments replicas, against the real Redis: every
// replica upserts the job scheduler at boot and runs a worker, yet there is one schedule and each of its
// runs is handled by one replica.
import { randomBytes } from 'node:crypto';

import { PaymentsJobs, ReconciliationQueue, type ReconciliationReport } from '@kitty/contracts';
import { redisOptionsFromUrl } from '@kitty/nest-common';
import { Queue } from 'bullmq';

import type { PaymentsConfig } from '../config';
import { RECONCILIATION_SCHEDULE, ReconciliationProcessor } from './reconciliation.processor';
import type { ReconciliationWindow } from './reconciliation.repository';
import type { ReconciliationService } from './reconciliation.service';

// eslint-disable-next-line no-restricted-properties -- npm test points medium tests at its run's Redis here.
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('reconciliation scheduler with three replicas (Redis)', () => {
  const prefix = `kitty-reconciliation-spec-${randomBytes(4).toString('hex')}`;
  const config = { REDIS_URL, QUEUE_PREFIX: prefix } as PaymentsConfig;
  const runs: ReconciliationWindow[] = [];
  const service = {
    reconcile: async (window: ReconciliationWindow) => {
      runs.push(window);
      return {} as ReconciliationReport;
    },
  } as unknown as ReconciliationService;
  const replicas = Array.from({ length: 3 }, () => new ReconciliationProcessor(config, service));
  const queue = new Queue(ReconciliationQueue.name, { connection: redisOptionsFromUrl(REDIS_URL), prefix });

  afterAll(async () => {
    await Promise.all(replicas.map((replica) => replica.onApplicationShutdown()));
    await queue.obliterate({ force: true });
    await queue.close();
  });

  it('keeps one schedule and one pending run however many replicas upsert it at boot', async () => {
    await Promise.all(replicas.map((replica) => replica.onApplicationBootstrap()));

    const schedulers = await queue.getJobSchedulers();
    expect(schedulers.map((s) => s.key)).toEqual([RECONCILIATION_SCHEDULE.id]);
    const pending = (await queue.getDelayed()).filter((job) => job.repeatJobKey);
    expect(pending).toHaveLength(1);
  });

  it('runs each firing of a schedule on one replica only', async () => {
    // A schedule firing every 250 ms, watched for 2 s: with every replica running each firing there
    // would be about three times as many runs as firings.
    const window = { from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z' };
    const started = Date.now();
    await queue.upsertJobScheduler(
      'spec-fast',
      { every: 250 },
      { name: PaymentsJobs.runReconciliation.name, data: window },
    );
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await queue.removeJobScheduler('spec-fast');
    const firings = Math.ceil((Date.now() - started) / 250) + 1;

    expect(runs.length).toBeGreaterThan(2);
    expect(runs.length).toBeLessThanOrEqual(firings);
    const completed = await queue.getCompleted();
    expect(new Set(completed.map((job) => job.id)).size).toBe(completed.length);
  });
});
