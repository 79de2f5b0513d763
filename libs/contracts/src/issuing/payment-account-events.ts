import { z } from 'zod';

import { defineQueue, IsoDateTime, Uuid } from '../common';

/**
 * `issuing.payment-account.changed`: what payments decides money commands on about a user's payment account,
 * as of `version` (which only grows for an account). Written to issuing's outbox in the transaction of every
 * change to any of it, so payments keeps a projection and never asks issuing. A snapshot, not a diff: an
 * event that arrives late (a lower version) is simply older news.
 */
export const PaymentAccountChangedJob = z.object({
  userId: Uuid,
  version: z.number().int().positive(),
  /** true once KYC is complete: Add Funds and Withdraw need it. */
  verified: z.boolean(),
  /** The Connect account id (acct_…). */
  accountId: z.string(),
  /** The user's own bank account that payouts go to (ba_…), or null until they add one. */
  payoutDestination: z.string().nullable(),
  /** How the SPA names that bank account, e.g. 'NatWest •••• 2345'. */
  payoutAccountLabel: z.string().nullable(),
  /**
   * When payouts to that bank account may start (it replaced an earlier one: a cooling-off period); null
   * for a first bank account. Always in the same snapshot as the bank account it is about, so payments never
   * sees a new destination without its wait. A time already past means now.
   */
  payoutsAvailableFrom: IsoDateTime.nullable(),
  /**
   * Who the account's verified person is, as an opaque key issuing gives each phone number KYC accepted (never
   * the number, nor a hash of it that could be reversed by trying every number): two accounts with the same
   * key are one person's, who may not approve their own withdrawals. Null until KYC accepted a phone number.
   */
  identityKey: Uuid.nullable(),
  /** The owner deleted their Kitty account: nothing is paid to or from it any more. */
  closed: z.boolean(),
});
export type PaymentAccountChangedJob = z.infer<typeof PaymentAccountChangedJob>;

/** What issuing tells payments about payment accounts, so that payments never asks issuing. */
export const PaymentsPaymentAccountsQueue = defineQueue('payments-payment-accounts', [
  'issuing.payment-account.changed.v1',
]);
