import { z } from 'zod';

import { apiRequestSchema, apiSchema, IsoDateTime } from '../common';
import { FundingDestination, TopUpAmount } from './money-fields';

export const PAYMENT_METHODS = ['card', 'apple_pay', 'google_pay', 'bank_transfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const CreateCheckoutSessionRequest = apiRequestSchema(
  'CreateCheckoutSessionRequest',
  z
    .object({
      amountPence: TopUpAmount,
      destination: FundingDestination.default({ type: 'wallet' }),
      /** card / apple_pay / google_pay pay by card in Checkout; bank_transfer uses an asynchronous bank debit. */
      method: z.enum(PAYMENT_METHODS).default('card'),
    })
    .strict(),
);
export type CreateCheckoutSessionRequest = z.infer<typeof CreateCheckoutSessionRequest>;

/** A Stripe Checkout Session id (`cs_test_…`, `cs_live_…`): letters, digits and underscores only. */
export const CheckoutSessionId = z.string().regex(/^cs_\w{1,250}$/, 'Not a Checkout Session id.');

export const CheckoutSessionCreated = apiSchema(
  'CheckoutSessionCreated',
  z.object({
    sessionId: z.string(),
    /** Stripe Checkout's hosted page: the SPA opens it. */
    url: z.url(),
    amountPence: z.number().int(),
    feePence: z.number().int(),
    /** The platform fee rate in percent: 2 (UK resident) or 6 (international). */
    feeRate: z.number().int(),
    totalPence: z.number().int(),
  }),
);
export type CheckoutSessionCreated = z.infer<typeof CheckoutSessionCreated>;

/** The fee the caller would pay on an amount, shown before they choose how to pay. */
export const FeeQuote = apiSchema(
  'FeeQuote',
  z.object({
    amountPence: z.number().int(),
    feePence: z.number().int(),
    feeRate: z.number().int(),
    totalPence: z.number().int(),
    isUKUser: z.boolean(),
  }),
);
export type FeeQuote = z.infer<typeof FeeQuote>;

/** `cancelled`: the payer left Stripe's page with Cancel (the page was expired at Stripe, nothing paid). */
export const FUNDING_STATUSES = [
  'pending',
  'processing',
  'succeeded',
  'failed',
  'expired',
  'cancelled',
] as const;
export type FundingStatus = (typeof FUNDING_STATUSES)[number];

/** spec §6 'Payment success result', plus the state the success page polls until the webhook is processed. */
export const FundingSession = apiSchema(
  'FundingSession',
  z.object({
    sessionId: z.string(),
    /** succeeded only once the verified webhook has been posted to the ledger. */
    status: z.enum(FUNDING_STATUSES),
    originalAmount: z.number().int(),
    markupAmount: z.number().int(),
    markupPercentage: z.number().int(),
    isUKUser: z.boolean(),
    method: z.enum(PAYMENT_METHODS),
    destination: z.object({ type: z.enum(['wallet', 'pot', 'top_up_request']), name: z.string() }),
    failureReason: z.string().nullable(),
  }),
);
export type FundingSession = z.infer<typeof FundingSession>;

/** One row of the caller's funding history (table funding_transactions), newest first. */
export const FundingTransaction = apiSchema(
  'FundingTransaction',
  z.object({
    id: z.string(),
    sessionId: z.string(),
    amountPence: z.number().int(),
    feePence: z.number().int(),
    feeRate: z.number().int(),
    method: z.enum(PAYMENT_METHODS),
    status: z.enum(FUNDING_STATUSES),
    destination: z.object({ type: z.enum(['wallet', 'pot', 'top_up_request']), name: z.string() }),
    /** Stripe's reason for a failed top-up, or for the last declined attempt of an expired one. */
    failureReason: z.string().nullable(),
    createdAt: IsoDateTime,
    completedAt: IsoDateTime.nullable(),
  }),
);
export type FundingTransaction = z.infer<typeof FundingTransaction>;
