import { type DecideAuthorizationCommand, IssuingEventJob } from '@kitty/contracts';
import type Stripe from 'stripe';

/** The event Stripe sends synchronously and waits on for `{"approved": …}`. */
export const AUTHORIZATION_REQUEST = 'issuing_authorization.request';

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** The decision request issuing answers, or null when the event does not describe one. */
export function decisionRequestOf(event: Stripe.Event): DecideAuthorizationCommand | null {
  if (event.type !== AUTHORIZATION_REQUEST) return null;
  const authorization = event.data.object;
  const cardId = idOf(authorization.card);
  if (!cardId) return null;
  return {
    authorizationId: authorization.id,
    cardId,
    account: event.account ?? null,
    // In a request, what is asked for is the pending request, not what is already held.
    amountPence: authorization.pending_request?.amount ?? authorization.amount,
    currency: (authorization.pending_request?.currency ?? authorization.currency).toLowerCase(),
    merchantName: (authorization.merchant_data.name ?? '').slice(0, 200),
  };
}

/**
 * The issuing job for an event issuing acts on after the decision, else null (the event goes to
 * payments). Undefined when the event is of such a type but malformed.
 */
export function issuingJobOf(event: Stripe.Event, receivedAt: string): IssuingEventJob | null | undefined {
  const envelope = { eventId: event.id, account: event.account ?? null, receivedAt };
  let job: unknown;
  switch (event.type) {
    case 'issuing_authorization.created':
    case 'issuing_authorization.updated': {
      const authorization = event.data.object;
      job = {
        ...envelope,
        kind: 'authorization',
        type: event.type,
        authorizationId: authorization.id,
        approved: authorization.approved,
        status: authorization.status,
      };
      break;
    }
    case 'issuing_transaction.created': {
      const transaction = event.data.object;
      job = {
        ...envelope,
        kind: 'transaction',
        type: event.type,
        transactionId: transaction.id,
        authorizationId: idOf(transaction.authorization),
        transactionType: transaction.type,
        // Stripe signs a capture negative (money leaving the balance) and a refund positive.
        amountPence: Math.abs(transaction.amount),
        merchantName: (transaction.merchant_data.name ?? '').slice(0, 200),
      };
      break;
    }
    default:
      return null;
  }
  const parsed = IssuingEventJob.safeParse(job);
  return parsed.success ? parsed.data : undefined;
}
