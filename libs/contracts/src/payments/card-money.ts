import { z } from 'zod';

import { defineRpc, Uuid } from '../common';
import { LedgerReceipt } from './rpc';

const StripeId = z.string().min(1).max(255);
const Description = z.string().max(200);

/**
 * pot −A → card:holds +A under `card-hold:<authorizationId>`. Refused with 400 'Insufficient funds' when
 * the pot does not cover it, with 409 when the hold was cancelled before it could be placed.
 */
export const PlaceCardHoldCommand = z
  .object({
    authorizationId: StripeId,
    potId: Uuid,
    userId: Uuid,
    amountPence: z.number().int().positive(),
    description: Description,
  })
  .strict();
export type PlaceCardHoldCommand = z.infer<typeof PlaceCardHoldCommand>;

/** Undoes the whole hold of an authorisation Stripe did not approve; one never placed can no longer be. */
export const CancelCardHoldCommand = z.object({ authorizationId: StripeId, reason: Description }).strict();
export type CancelCardHoldCommand = z.infer<typeof CancelCardHoldCommand>;

/** card:holds −A → pot +A (what an authorisation no longer needs), under the caller's key. */
export const ReleaseCardHoldCommand = z
  .object({
    idempotencyKey: z.string().min(1).max(200),
    potId: Uuid,
    userId: Uuid,
    amountPence: z.number().int().positive(),
    description: Description,
  })
  .strict();
export type ReleaseCardHoldCommand = z.infer<typeof ReleaseCardHoldCommand>;

/**
 * A capture: `fromHoldPence` comes out of card:holds, the rest of `amountPence` out of the pot, all into
 * card:spend, under `card-capture:<transactionId>`. A capture above the hold that the pot cannot cover is
 * refused with 400 'Insufficient funds'.
 */
export const CaptureCardPaymentCommand = z
  .object({
    transactionId: StripeId,
    potId: Uuid,
    userId: Uuid,
    amountPence: z.number().int().positive(),
    fromHoldPence: z.number().int().nonnegative(),
    description: Description,
  })
  .strict()
  .refine((command) => command.fromHoldPence <= command.amountPence, {
    message: 'fromHoldPence cannot exceed amountPence',
  });
export type CaptureCardPaymentCommand = z.infer<typeof CaptureCardPaymentCommand>;

/**
 * Card money in the ledger (issuing → payments). Every command is idempotent by the key it derives from
 * the Stripe object; the pot's side is announced as `card_hold` / `card_capture` / `card_release`.
 */
export const CardMoneyRpc = {
  placeHold: defineRpc('payments.card-hold.place.v1', PlaceCardHoldCommand, LedgerReceipt),
  /** null: the hold was never placed (and now never will be). */
  cancelHold: defineRpc('payments.card-hold.cancel.v1', CancelCardHoldCommand, LedgerReceipt.nullable()),
  releaseHold: defineRpc('payments.card-hold.release.v1', ReleaseCardHoldCommand, LedgerReceipt),
  capture: defineRpc('payments.card-payment.capture.v1', CaptureCardPaymentCommand, LedgerReceipt),
} as const;
