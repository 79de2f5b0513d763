import { z } from 'zod';

import { defineJob } from '../common';
import { PaymentsPotAccessQueue, PotAccessChangedJob } from './pot-access';
import { RecurringExpensesQueue } from './recurring';

export const PotsJobs = {
  /** A firing of the recurring expenses schedule: it names nothing, as each run records all that is due. */
  runDueRecurringExpenses: defineJob(RecurringExpensesQueue, 'pots.recurring.run-due.v1', z.object({})),
  /** Who belongs to a pot and under which rules now (see PotAccessChangedJob), for payments' projection. */
  potAccessChanged: defineJob(PaymentsPotAccessQueue, 'pots.pot-access.changed.v1', PotAccessChangedJob),
};
