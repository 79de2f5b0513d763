import { z } from 'zod';

import { defineQueue, IsoDateTime, Uuid } from '../common';

/**
 * Stripe events, verified by the gateway and queued with jobId = the Stripe event id, so a redelivery is
 * one job. The payments worker re-reads the object from Stripe before acting on it.
 */
export const StripeEventQueue = defineQueue('payments-stripe-events', ['payments.stripe-event.received.v1']);
export const StripeEventJob = z.object({
  eventId: z.string().min(1),
  type: z.string().min(1),
  /** The Connect account the event belongs to, when it is not the platform's own. */
  account: z.string().nullable(),
  /** The event's `data.object.id`: what the worker re-reads. */
  objectId: z.string().nullable(),
  receivedAt: IsoDateTime,
});
export type StripeEventJob = z.infer<typeof StripeEventJob>;

/**
 * `payments.pot-balance.changed`: the ledger's balance of one pot after one transaction. `sequence` grows
 * with every posting to that pot, so the pots service ignores an event older than the balance it holds.
 */
export const PotBalanceQueue = defineQueue('pots-balance-changed', [
  'payments.pot-balance.changed.v1',
  'payments.card-purchase.captured.v1',
]);
export const POT_MONEY_KINDS = [
  'top_up',
  'expense',
  'expense_reversal',
  'withdrawal',
  'withdrawal_released',
  'card_hold',
  'card_capture',
  'card_release',
  /** Any other correction by reversal (e.g. a refunded top-up). */
  'adjustment',
] as const;
export const PotBalanceChanged = z.object({
  potId: Uuid,
  balancePence: z.number().int(),
  sequence: z.number().int().positive(),
  /** The ledger transaction: one pot transaction row per cause. */
  transactionId: Uuid,
  kind: z.enum(POT_MONEY_KINDS),
  /** Signed change of the pot's balance. */
  amountPence: z.number().int(),
  /** Who caused it (the payer of a top-up, the owner withdrawing), or null for card/system moves. */
  userId: Uuid.nullable(),
  description: z.string(),
  occurredAt: IsoDateTime,
});
export type PotBalanceChanged = z.infer<typeof PotBalanceChanged>;

/**
 * `payments.card-purchase.captured`: a purchase with a pot's card was paid (captured), the whole amount,
 * whether it came from the hold placed at authorisation or from the pot. The pots service writes it to the
 * pot's Activity and tells the members; once per ledger transaction (`transactionId`). On the pot balance
 * queue: a pot's money events, from payments to pots.
 */
export const CardPurchaseCaptured = z.object({
  potId: Uuid,
  /** The cardholder. */
  userId: Uuid,
  transactionId: Uuid,
  amountPence: z.number().int().positive(),
  merchant: z.string(),
  occurredAt: IsoDateTime,
});
export type CardPurchaseCaptured = z.infer<typeof CardPurchaseCaptured>;

/**
 * Withdrawals waiting for their Stripe payout: written to the outbox with the reservation, so a payout is
 * requested even if the process dies right after the commit. The worker uses the withdrawal id as the
 * Stripe idempotency key, so a repeated job creates one payout.
 */
export const PayoutQueue = defineQueue('payments-payouts', ['payments.payout.create.v1']);
export const CreatePayoutJob = z.object({ withdrawalId: Uuid });
export type CreatePayoutJob = z.infer<typeof CreatePayoutJob>;
