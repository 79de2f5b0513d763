import { z } from 'zod';

import { defineJob } from '../common';
import { RecurringExpensesQueue } from './recurring';

export const PotsJobs = {
  /** A firing of the recurring expenses schedule: it names nothing, as each run records all that is due. */
  runDueRecurringExpenses: defineJob(RecurringExpensesQueue, 'pots.recurring.run-due.v1', z.object({})),
};
