import { PotsJobs, RecurringExpensesQueue } from '@kitty/contracts';
import { handleJob, QueueProcessor } from '@kitty/nest-common';
import { Inject, Injectable } from '@nestjs/common';

import { POTS_CONFIG, type PotsConfig } from '../config';
import { RecurringExpenseService } from './recurring-expense.service';

export const RECURRING_EXPENSES_SCHEDULER_ID = 'pots-recurring-expenses';

/**
 * Records due recurring expenses on a BullMQ job scheduler: every replica upserts the same scheduler at
 * boot (one schedule), each run goes to one replica, and a run records only what is due and not yet
 * recorded, so a retry or a run overlapping another changes nothing twice.
 */
@Injectable()
export class RecurringExpensesProcessor extends QueueProcessor {
  constructor(
    @Inject(POTS_CONFIG) config: PotsConfig,
    private readonly recurring: RecurringExpenseService,
  ) {
    super(RecurringExpensesQueue, config, {
      concurrency: 1,
      schedule: {
        id: RECURRING_EXPENSES_SCHEDULER_ID,
        repeat: { every: config.RECURRING_EXPENSES_EVERY_MS },
        job: PotsJobs.runDueRecurringExpenses,
      },
    });
  }

  handlers() {
    return [
      handleJob(PotsJobs.runDueRecurringExpenses, async () => void (await this.recurring.recordAllDue())),
    ];
  }
}
