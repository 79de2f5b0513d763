import { z } from 'zod';

import { IsoDateTime, Uuid } from '../common';

export const VerificationQuery = z.object({ userId: Uuid }).strict();
export type VerificationQuery = z.infer<typeof VerificationQuery>;

export const PaymentAccountVerification = z.object({
  /** true once the Connect account exists and its KYC requirements are met: Add Funds and Withdraw need it. */
  verified: z.boolean(),
  /** The Connect account id (acct_…), or null before onboarding. */
  accountId: z.string().nullable(),
  /** The user's own bank account that payouts go to (ba_…), or null until they add one. */
  payoutDestination: z.string().nullable(),
  /** How the SPA names that bank account, e.g. 'NatWest •••• 2345'. */
  payoutAccountLabel: z.string().nullable(),
  /**
   * When payouts to that bank account may start: it replaced an earlier one recently (a cooling-off
   * period, so a stolen session cannot redirect money before the owner hears of it); null: now.
   */
  payoutsAvailableFrom: IsoDateTime.nullable(),
});
export type PaymentAccountVerification = z.infer<typeof PaymentAccountVerification>;

/** Which of `candidateUserIds` (a pot's other members, say) are the same verified person as `userId`. */
export const SamePersonQuery = z.object({ userId: Uuid, candidateUserIds: z.array(Uuid).max(1000) }).strict();
export type SamePersonQuery = z.infer<typeof SamePersonQuery>;

/**
 * The candidates whose KYC accepted the same phone number as the user's: one person's other accounts, as
 * far as that can be known (accounts without completed KYC are nobody's).
 */
export const SamePerson = z.object({ userIds: z.array(Uuid) });
export type SamePerson = z.infer<typeof SamePerson>;
