import { z } from 'zod';

import { defineQueue, defineRpc, IsoDateTime } from '../common';

/**
 * How long the gateway waits for issuing's decision before declining. Stripe gives the webhook 2 s in all;
 * the rest is left for the signature check, the network and Stripe's own timer.
 */
export const AUTHORIZATION_DECISION_BUDGET_MS = 1500;

const StripeId = z.string().min(1).max(255);

/** An `issuing_authorization.request`, as the gateway verified it. Never carries card numbers. */
export const DecideAuthorizationCommand = z
  .object({
    authorizationId: StripeId,
    cardId: StripeId,
    /** The Connect account the card was issued on, null for the platform's own. */
    account: StripeId.nullable(),
    /** What the merchant asks to hold, in pence. */
    amountPence: z.number().int().nonnegative(),
    currency: z.string().length(3),
    merchantName: z.string().max(200),
  })
  .strict();
export type DecideAuthorizationCommand = z.infer<typeof DecideAuthorizationCommand>;

/** The body Stripe expects back from the real-time webhook. */
export const AuthorizationDecision = z.object({ approved: z.boolean() });
export type AuthorizationDecision = z.infer<typeof AuthorizationDecision>;

/** Card authorisations (gateway → issuing), answered inside Stripe's 2 s real-time window. */
export const CardAuthorizationRpc = {
  decide: defineRpc('issuing.authorization.decide.v1', DecideAuthorizationCommand, AuthorizationDecision),
} as const;

/**
 * Issuing's later Stripe events (`issuing_authorization.*`, `issuing_transaction.*`, `account.updated`),
 * queued by the gateway with jobId = event id. The job carries the fields issuing acts on, taken from the
 * signature-verified event (ADR 0010), so redeliveries are one job and the worker needs no Stripe call
 * (except for an account, which is read back: its event only says which one changed).
 */
export const IssuingEventQueue = defineQueue('issuing-stripe-events', ['issuing.stripe-event.received.v1']);

const EventEnvelope = {
  eventId: StripeId,
  account: StripeId.nullable(),
  receivedAt: IsoDateTime,
};
export const IssuingEventJob = z.discriminatedUnion('kind', [
  z.object({
    ...EventEnvelope,
    kind: z.literal('authorization'),
    type: z.enum(['issuing_authorization.created', 'issuing_authorization.updated']),
    authorizationId: StripeId,
    approved: z.boolean(),
    status: z.enum(['pending', 'closed', 'reversed', 'expired']),
  }),
  z.object({
    ...EventEnvelope,
    kind: z.literal('transaction'),
    type: z.literal('issuing_transaction.created'),
    transactionId: StripeId,
    authorizationId: StripeId.nullable(),
    transactionType: z.enum(['capture', 'refund']),
    /** Positive pence: what was captured or refunded (Stripe signs captures negative). */
    amountPence: z.number().int().positive(),
    merchantName: z.string().max(200),
  }),
  z.object({
    ...EventEnvelope,
    kind: z.literal('account'),
    type: z.literal('account.updated'),
    /** The connected account that changed (acct_…). */
    accountId: StripeId,
  }),
  /**
   * A signed event of an issuing type that lacks a field Kitty acts on. Refusing it would make Stripe
   * redeliver it for days; it is accepted and queued as this, which the worker fails at once, so it waits
   * in the failed set (bull-board) for an operator with the reason.
   */
  z.object({
    ...EventEnvelope,
    kind: z.literal('unreadable'),
    type: z.string().max(255),
    reason: z.string().max(1000),
  }),
]);
export type IssuingEventJob = z.infer<typeof IssuingEventJob>;
