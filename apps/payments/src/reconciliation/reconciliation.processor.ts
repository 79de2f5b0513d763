import {
  PaymentsJobs,
  type ReconciliationJob,
  ReconciliationQueue,
  type ReconciliationReport,
} from '@kitty/contracts';
import { handleJob, QueueProcessor } from '@kitty/nest-common';
import { Inject, Injectable } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';

import { PAYMENTS_CONFIG, type PaymentsConfig } from '../config';
import { reconciliationRuns } from './reconciliation.metrics';
import { previousUtcDay, ReconciliationService } from './reconciliation.service';

/** Daily at 04:00 UTC, on the previous UTC day. */
export const RECONCILIATION_SCHEDULE = {
  id: 'payments-reconciliation-daily',
  pattern: '0 4 * * *',
  tz: 'UTC',
};

/**
 * Schedules the daily reconciliation (a BullMQ job scheduler: upserting it from every replica at boot
 * leaves one schedule) and runs it. The report is the job's return value, which bull-board shows beside
 * the job.
 */
@Injectable()
export class ReconciliationProcessor extends QueueProcessor {
  constructor(
    @Inject(PAYMENTS_CONFIG) config: PaymentsConfig,
    private readonly reconciliation: ReconciliationService,
  ) {
    super(ReconciliationQueue, config, {
      concurrency: 1,
      schedule: {
        id: RECONCILIATION_SCHEDULE.id,
        repeat: { pattern: RECONCILIATION_SCHEDULE.pattern, tz: RECONCILIATION_SCHEDULE.tz },
        job: PaymentsJobs.runReconciliation,
      },
    });
  }

  handlers() {
    return [
      handleJob(PaymentsJobs.runReconciliation, async (job) => {
        try {
          return await this.run(job);
        } catch (error) {
          reconciliationRuns.inc({ outcome: 'error' });
          throw error;
        }
      }),
    ];
  }

  /** One run: the window the job names (an operator's re-run), else the previous UTC day. */
  async run({ from, to }: ReconciliationJob, now = new Date()): Promise<ReconciliationReport> {
    const window = from && to ? { from: new Date(from), to: new Date(to) } : previousUtcDay(now);
    if (window.from >= window.to) throw new UnrecoverableError('The window must end after it starts.');
    return this.reconciliation.reconcile(window);
  }
}
