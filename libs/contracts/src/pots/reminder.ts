import { z } from 'zod';

import { apiRequestSchema, apiSchema, Uuid } from '../common';

/**
 * 'Remind' on one transfer of the settle-up plan: the debtor is e-mailed, at most once per UK calendar day
 * for each (pot, debtor, creditor) however many people click or how many replicas serve them.
 */
export const RemindRequest = apiRequestSchema(
  'RemindRequest',
  z
    .object({
      /** The debtor of the transfer (who is e-mailed). */
      fromMemberId: Uuid,
      /** Who they owe. */
      toMemberId: Uuid,
    })
    .strict(),
);
export type RemindRequest = z.infer<typeof RemindRequest>;

export const ReminderSent = apiSchema(
  'ReminderSent',
  z.object({
    fromMemberId: Uuid,
    toMemberId: Uuid,
    /** The debtor's name, for 'Reminder sent to Ben'. */
    debtorName: z.string(),
    amountPence: z.number().int().positive(),
  }),
);
export type ReminderSent = z.infer<typeof ReminderSent>;

/** The 429's title when the transfer was already reminded today (its detail names when to try again). */
export const ALREADY_REMINDED_TITLE = 'Already reminded today';
export const remindAgainTomorrow = (debtorName: string) => `You can remind ${debtorName} again tomorrow.`;
