import { z } from 'zod';

import { defineJob } from '../common';
import {
  CardPotChangedJob,
  PaymentsPotAccessQueue,
  PotAccessChangedJob,
  SpendApprovalChangedJob,
} from './pot-access';
import { RecurringExpensesQueue } from './recurring';

export const PotsJobs = {
  /** A firing of the recurring expenses schedule: it names nothing, as each run records all that is due. */
  runDueRecurringExpenses: defineJob(RecurringExpensesQueue, 'pots.recurring.run-due.v1', z.object({})),
  /** Who belongs to a pot and under which rules now (see PotAccessChangedJob), for payments' projection. */
  potAccessChanged: defineJob(PaymentsPotAccessQueue, 'pots.pot-access.changed.v1', PotAccessChangedJob),
  /** The pot a user's card spends from now (see CardPotChangedJob), for payments' card decisions. */
  cardPotChanged: defineJob(PaymentsPotAccessQueue, 'pots.card-pot.changed.v1', CardPotChangedJob),
  /** A card spending approval granted or withdrawn (see SpendApprovalChangedJob), for payments. */
  spendApprovalChanged: defineJob(
    PaymentsPotAccessQueue,
    'pots.spend-approval.changed.v1',
    SpendApprovalChangedJob,
  ),
};
