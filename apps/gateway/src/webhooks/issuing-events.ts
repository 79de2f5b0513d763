import { DecideAuthorizationCommand, IssuingEventJob } from '@kitty/contracts';
import type Stripe from 'stripe';
import { z } from 'zod';

/** The event Stripe sends synchronously and waits on for `{"approved": …}`. */
export const AUTHORIZATION_REQUEST = 'issuing_authorization.request';

const ISSUING_JOB_TYPES = new Set([
  'account.updated',
  'issuing_authorization.created',
  'issuing_authorization.updated',
  'issuing_transaction.created',
]);

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/**
 * The decision request issuing answers, or null when the event does not describe one. The event is
 * signed, but that says who sent it, not that every field is there: any shape it does not have is null
 * (a decline), never an exception.
 */
export function decisionRequestOf(event: Stripe.Event): DecideAuthorizationCommand | null {
  if (event.type !== AUTHORIZATION_REQUEST) return null;
  try {
    const authorization = event.data.object;
    const cardId = idOf(authorization.card);
    // Stripe always sends merchant data (its name may be null); without it the event is malformed.
    if (!cardId || !authorization.merchant_data) return null;
    const parsed = DecideAuthorizationCommand.safeParse({
      authorizationId: authorization.id,
      cardId,
      account: event.account ?? null,
      // In a request, what is asked for is the pending request, not what is already held.
      amountPence: authorization.pending_request?.amount ?? authorization.amount,
      currency: (authorization.pending_request?.currency ?? authorization.currency).toLowerCase(),
      merchantName: (authorization.merchant_data.name ?? '').slice(0, 200),
    });
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The fields of each issuing job kind, read from the event; throws on an event of the wrong shape. */
function jobFieldsOf(event: Stripe.Event): Record<string, unknown> | null {
  switch (event.type) {
    case 'issuing_authorization.created':
    case 'issuing_authorization.updated': {
      const authorization = event.data.object;
      return {
        kind: 'authorization',
        type: event.type,
        authorizationId: authorization.id,
        approved: authorization.approved,
        status: authorization.status,
      };
    }
    case 'issuing_transaction.created': {
      const transaction = event.data.object;
      return {
        kind: 'transaction',
        type: event.type,
        transactionId: transaction.id,
        authorizationId: idOf(transaction.authorization),
        transactionType: transaction.type,
        // Stripe signs a capture negative (money leaving the balance) and a refund positive.
        amountPence: Math.abs(transaction.amount),
        merchantName: (transaction.merchant_data.name ?? '').slice(0, 200),
      };
    }
    case 'account.updated':
      return { kind: 'account', type: event.type, accountId: event.data.object.id };
    default:
      return null;
  }
}

/**
 * The issuing job for an event issuing acts on after the decision, else null (the event goes to
 * payments). A signed event of such a type that lacks what issuing needs becomes an `unreadable` job
 * naming what is wrong: Stripe gets its 2xx (a refusal would be redelivered for days) and the operator
 * finds the event in the failed set.
 */
export function issuingJobOf(event: Stripe.Event, receivedAt: string): IssuingEventJob | null {
  if (!ISSUING_JOB_TYPES.has(event.type)) return null;
  const envelope = {
    eventId: event.id,
    account: typeof event.account === 'string' ? event.account : null,
    receivedAt,
  };
  let reason: string;
  try {
    const parsed = IssuingEventJob.safeParse({ ...envelope, ...jobFieldsOf(event) });
    if (parsed.success) return parsed.data;
    reason = z.prettifyError(parsed.error);
  } catch (error) {
    reason = `the event has not the shape of a ${event.type}: ${String(error)}`;
  }
  return { ...envelope, kind: 'unreadable', type: event.type, reason: reason.slice(0, 1000) };
}
