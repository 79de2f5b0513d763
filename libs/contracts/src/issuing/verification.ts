import { z } from 'zod';

import { Uuid } from '../common';

export const IssuingPatterns = {
  /** Reply: whether a user's payment account is verified (account exists, KYC complete), for payments. */
  getVerification: 'issuing.verification.get.v1',
  /** Onboarding (gateway → issuing): the caller's step and account, account creation, KYC, recreation, card. */
  getOnboarding: 'issuing.onboarding.get.v1',
  createAccount: 'issuing.account.create.v1',
  updateKyc: 'issuing.kyc.update.v1',
  recreateAccount: 'issuing.account.recreate.v1',
  /** The caller's virtual card (gateway → issuing): create once, read, freeze / unfreeze, push to a wallet. */
  createCard: 'issuing.card.create.v1',
  getCard: 'issuing.card.get.v1',
  setCardStatus: 'issuing.card.status.set.v1',
  provisionWallet: 'issuing.card.wallet.provision.v1',
} as const;

export const VerificationQuery = z.object({ userId: Uuid }).strict();
export type VerificationQuery = z.infer<typeof VerificationQuery>;

export const PaymentAccountVerification = z.object({
  /** true once the Connect account exists and its KYC requirements are met: Add Funds and Withdraw need it. */
  verified: z.boolean(),
  /** The Connect account id (acct_…), or null before onboarding. */
  accountId: z.string().nullable(),
  /** The account's bank account that payouts go to (ba_…), or null. */
  payoutDestination: z.string().nullable(),
  /** How the SPA names that bank account, e.g. 'NatWest •••• 2345'. */
  payoutAccountLabel: z.string().nullable(),
});
export type PaymentAccountVerification = z.infer<typeof PaymentAccountVerification>;
