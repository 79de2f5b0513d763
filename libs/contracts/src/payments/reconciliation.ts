import { z } from 'zod';

import { defineQueue, IsoDateTime, STANDARD_JOB_OPTIONS } from '../common';

/**
 * The daily reconciliation of payments: Stripe's paid Checkout Sessions and payouts against the ledger
 * for a time window. A run only reads, so a retry is harmless; three attempts cover a Stripe blip, and a
 * run that still fails stays in the dashboard. Its report is the job's return value (bull-board shows it).
 */
export const ReconciliationQueue = defineQueue(
  'payments-reconciliation',
  ['payments.reconciliation.run.v1'],
  {
    ...STANDARD_JOB_OPTIONS,
    attempts: 3,
    backoff: { type: 'exponential', delay: 60_000 },
  },
);
/** An operator may run one window by hand (bull-board "add job"); the daily run leaves both out. */
export const ReconciliationJob = z
  .object({ from: IsoDateTime.optional(), to: IsoDateTime.optional() })
  .strict()
  .refine((job) => (job.from === undefined) === (job.to === undefined), {
    message: 'Give both from and to, or neither.',
  });
export type ReconciliationJob = z.infer<typeof ReconciliationJob>;

export const RECONCILIATION_MISMATCH_KINDS = [
  /** Stripe says the session is paid; the ledger has no top-up for it. */
  'top_up_missing',
  /** The ledger credited a session Stripe does not show as paid. */
  'top_up_unpaid',
  /** Both sides have the top-up, with different amounts. */
  'top_up_amount',
  /** A payout of ours at Stripe that no withdrawal records. */
  'payout_unrecorded',
  /** A withdrawal's payout that Stripe does not know. */
  'payout_missing_at_stripe',
  /** Both sides have the payout, with different amounts. */
  'payout_amount',
  /** Stripe's payout is final (paid or failed) and the withdrawal does not say the same. */
  'payout_status',
] as const;
export type ReconciliationMismatchKind = (typeof RECONCILIATION_MISMATCH_KINDS)[number];

export interface ReconciliationMismatch {
  kind: ReconciliationMismatchKind;
  /** The Checkout Session (cs_…) or payout (po_…) id. */
  stripeId: string;
  detail: string;
}

export interface ReconciliationReport {
  from: string;
  to: string;
  stripe: { paidSessions: number; payouts: number };
  ledger: { topUps: number; withdrawals: number };
  mismatches: ReconciliationMismatch[];
}
