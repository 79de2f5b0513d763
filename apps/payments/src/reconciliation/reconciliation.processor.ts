import { ReconciliationJob, ReconciliationQueue, type ReconciliationReport } from '@kitty/contracts';
import { drainOnShutdown, redisOptionsFromUrl } from '@kitty/nest-common';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { Queue, UnrecoverableError, Worker } from 'bullmq';

import { PAYMENTS_CONFIG, type PaymentsConfig } from '../config';
import { reconciliationRuns } from './reconciliation.metrics';
import { previousUtcDay, ReconciliationService } from './reconciliation.service';

const RUN_JOB = 'payments.reconciliation.run.v1';
/** Daily at 04:00 UTC, on the previous UTC day. */
export const RECONCILIATION_SCHEDULE = {
  id: 'payments-reconciliation-daily',
  pattern: '0 4 * * *',
  tz: 'UTC',
};

/**
 * Schedules the daily reconciliation (a BullMQ job scheduler: upserting it from every replica at boot
 * leaves one schedule) and runs it. It has a Worker of its own rather than startQueueWorker because
 * the report is the job's return value, which bull-board shows beside the job.
 */
@Injectable()
export class ReconciliationProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ReconciliationProcessor.name);
  private queue?: Queue;
  private worker?: Worker;

  constructor(
    @Inject(PAYMENTS_CONFIG) private readonly config: PaymentsConfig,
    private readonly reconciliation: ReconciliationService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const connection = redisOptionsFromUrl(this.config.REDIS_URL);
    const prefix = this.config.QUEUE_PREFIX;
    this.queue = new Queue(ReconciliationQueue.name, { connection, prefix });
    await this.queue.upsertJobScheduler(
      RECONCILIATION_SCHEDULE.id,
      { pattern: RECONCILIATION_SCHEDULE.pattern, tz: RECONCILIATION_SCHEDULE.tz },
      { name: RUN_JOB, data: {}, opts: ReconciliationQueue.jobOptions },
    );
    this.worker = new Worker(ReconciliationQueue.name, (job) => this.run(job.name, job.data), {
      connection,
      prefix,
      concurrency: 1,
    });
    this.worker.on('failed', (job, error) => {
      reconciliationRuns.inc({ outcome: 'error' });
      this.logger.error(`Reconciliation ${job?.id} failed (attempt ${job?.attemptsMade}): ${error.message}`);
    });
    this.worker.on('error', (error) => this.logger.error(error.message));
    const undoDrain = drainOnShutdown('intake', () => this.worker?.close() ?? Promise.resolve());
    this.worker.on('closed', undoDrain);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    await this.queue?.close();
  }

  /** One run: the window the job names (an operator's re-run), else the previous UTC day. */
  async run(name: string, data: unknown, now = new Date()): Promise<ReconciliationReport> {
    if (name !== RUN_JOB) throw new UnrecoverableError(`Unknown job ${name}`);
    const parsed = ReconciliationJob.safeParse(data);
    if (!parsed.success) throw new UnrecoverableError(`Invalid reconciliation job: ${parsed.error.message}`);
    const { from, to } = parsed.data;
    const window = from && to ? { from: new Date(from), to: new Date(to) } : previousUtcDay(now);
    if (window.from >= window.to) throw new UnrecoverableError('The window must end after it starts.');
    return this.reconciliation.reconcile(window);
  }
}
