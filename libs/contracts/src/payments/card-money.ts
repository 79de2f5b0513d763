import { z } from 'zod';

import { defineQueue, defineRpc, IsoDateTime, Uuid } from '../common';
import { LedgerReceipt } from './rpc';

const StripeId = z.string().min(1).max(255);
const Description = z.string().max(200);

/**
 * A card payment to decide (issuing → payments): the cardholder's active pot, their place in it, the pot's
 * spending rule, an approval when the rule asks for one and the pot's balance decide it, and an approved
 * payment holds its amount (pot −A → card:holds +A under `card-hold:<authorizationId>`) in the same
 * payments transaction. Idempotent by the authorisation: a redelivery finds the hold and approval it took.
 */
export const AuthorizeCardPaymentCommand = z
  .object({
    authorizationId: StripeId,
    /** The card's owner, as issuing recorded the card. */
    userId: Uuid,
    /** 0 is a card check: approved when the card may spend, holding nothing. */
    amountPence: z.number().int().nonnegative(),
    description: Description,
  })
  .strict();
export type AuthorizeCardPaymentCommand = z.infer<typeof AuthorizeCardPaymentCommand>;

export const CARD_DECLINE_REASONS = [
  /** No active pot, or one the cardholder may no longer spend from (left it, archived). */
  'no_active_pot',
  /** The pot's rule lets only its owner spend. */
  'pot_rule_owner',
  /** Above the pot's approval amount, with no approval a second member gave that covers it. */
  'pot_rule_approval',
  'insufficient_funds',
  /** Stripe closed the authorisation before the hold could be placed (or its hold holds another amount). */
  'hold_cancelled',
] as const;
export const CardPaymentVerdict = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('approved'), potId: Uuid, heldPence: z.number().int().nonnegative() }),
  z.object({
    decision: z.literal('declined'),
    reason: z.enum(CARD_DECLINE_REASONS),
    potId: Uuid.nullable(),
    /** The pot's approval amount, for a decline by its rule (what the cardholder is told). */
    approvalAbovePence: z.number().int().nullable(),
  }),
]);
export type CardPaymentVerdict = z.infer<typeof CardPaymentVerdict>;

/**
 * Undoes the whole hold of an authorisation Stripe did not approve, and frees the approval it used; a hold
 * never placed can no longer be.
 */
export const CancelCardHoldCommand = z.object({ authorizationId: StripeId, reason: Description }).strict();
export type CancelCardHoldCommand = z.infer<typeof CancelCardHoldCommand>;

/**
 * The Stripe authorisation a capture or a release belongs to, which payments records with its posting so
 * that a statement shows every movement of one card purchase together. Optional only while the release
 * before this one (which does not send it) may still be issuing's (docs/deploy.md, rolling deploys):
 * without it the movement is posted alone, as before.
 */
const CardAuthorizationRef = StripeId.optional();

/** card:holds −A → pot +A (what an authorisation no longer needs), under the caller's key. */
export const ReleaseCardHoldCommand = z
  .object({
    idempotencyKey: z.string().min(1).max(200),
    authorizationId: CardAuthorizationRef,
    potId: Uuid,
    userId: Uuid,
    amountPence: z.number().int().positive(),
    description: Description,
  })
  .strict();
export type ReleaseCardHoldCommand = z.infer<typeof ReleaseCardHoldCommand>;

/**
 * A capture: `fromHoldPence` comes out of card:holds, the rest of `amountPence` out of the pot, all into
 * card:spend, under `card-capture:<transactionId>`, and counted on its authorisation's record. A capture
 * above the hold that the pot cannot cover is refused with 400 'Insufficient funds'.
 */
export const CaptureCardPaymentCommand = z
  .object({
    transactionId: StripeId,
    authorizationId: CardAuthorizationRef,
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
  authorize: defineRpc('payments.card-payment.authorize.v1', AuthorizeCardPaymentCommand, CardPaymentVerdict),
  /** null: the hold was never placed (and now never will be). */
  cancelHold: defineRpc('payments.card-hold.cancel.v1', CancelCardHoldCommand, LedgerReceipt.nullable()),
  releaseHold: defineRpc('payments.card-hold.release.v1', ReleaseCardHoldCommand, LedgerReceipt),
  capture: defineRpc('payments.card-payment.capture.v1', CaptureCardPaymentCommand, LedgerReceipt),
} as const;

/**
 * `payments.spend-approval.use-changed`: payments used a card spending approval for an authorisation
 * (`usedBy`), or freed it again (null) when that payment was declined after all. `version` grows with every
 * change of one approval's use, so pots ignores older news; pots shows the approval as used from it.
 */
export const SpendApprovalUseChanged = z.object({
  approvalId: Uuid,
  potId: Uuid,
  usedBy: StripeId.nullable(),
  usedAt: IsoDateTime.nullable(),
  version: z.number().int().positive(),
});
export type SpendApprovalUseChanged = z.infer<typeof SpendApprovalUseChanged>;

export const PotsSpendApprovalUseQueue = defineQueue('pots-spend-approval-use', [
  'payments.spend-approval.use-changed.v1',
]);
