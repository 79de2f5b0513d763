import Stripe from 'stripe';

import { Clock, unixSeconds } from '../core/clock';
import { ID_PREFIX, newId } from '../core/ids';
import { paginate } from '../core/list';
import { inRange, Range } from '../core/params';
import { RequestContext } from '../core/request-context';
import { resourceMissing } from '../core/stripe-error';
import { Collection } from '../store/collection';
import { SandboxStore } from '../store/store';

/** The event types the sandbox emits, checked against the SDK's own list of Stripe event names. */
export const EVENT_TYPE = {
  checkoutSessionCompleted: 'checkout.session.completed',
  checkoutSessionAsyncPaymentSucceeded: 'checkout.session.async_payment_succeeded',
  checkoutSessionAsyncPaymentFailed: 'checkout.session.async_payment_failed',
  checkoutSessionExpired: 'checkout.session.expired',
  payoutCreated: 'payout.created',
  payoutUpdated: 'payout.updated',
  payoutPaid: 'payout.paid',
  payoutFailed: 'payout.failed',
  accountUpdated: 'account.updated',
  accountExternalAccountCreated: 'account.external_account.created',
  accountExternalAccountDeleted: 'account.external_account.deleted',
  transferCreated: 'transfer.created',
  transferReversed: 'transfer.reversed',
  issuingCardholderCreated: 'issuing_cardholder.created',
  issuingCardCreated: 'issuing_card.created',
  issuingCardUpdated: 'issuing_card.updated',
  issuingAuthorizationRequest: 'issuing_authorization.request',
  issuingAuthorizationCreated: 'issuing_authorization.created',
  issuingAuthorizationUpdated: 'issuing_authorization.updated',
  issuingTransactionCreated: 'issuing_transaction.created',
} as const satisfies Record<string, Stripe.Event.Type>;

export type EventType = (typeof EVENT_TYPE)[keyof typeof EVENT_TYPE];

/** Any Stripe API object, as carried in `data.object`. */
export interface ApiObject {
  id: string;
  object: string;
}

export type SandboxEvent = Pick<
  Stripe.Event,
  'id' | 'object' | 'api_version' | 'created' | 'livemode' | 'pending_webhooks' | 'request'
> & {
  /** The connected account the event happened on (Connect); absent for the platform's own events. */
  account?: string;
  type: EventType;
  /** `previous_attributes`: on `*.updated` events, the old values of the fields that changed. */
  data: { object: ApiObject; previous_attributes?: Record<string, unknown> };
};

/** Something that delivers new events to the webhook endpoints and reports how many it will try. */
export interface EventDispatcher {
  dispatch(event: SandboxEvent): number;
}

export interface EventListFilter {
  type?: string;
  types?: string[];
  created?: Range;
}

/**
 * Records every state change as a Stripe Event (with a snapshot of the object at that moment) and hands
 * it to the webhook dispatcher.
 */
export class EventsService {
  readonly events: Collection<SandboxEvent>;
  private dispatcher: EventDispatcher | null = null;

  constructor(
    store: SandboxStore,
    private readonly clock: Clock,
  ) {
    this.events = store.collection<SandboxEvent>('events', {
      objectName: 'event',
      idPrefix: ID_PREFIX.event,
      maxSize: 20_000,
    });
  }

  /** The webhook module plugs itself in here (it needs the events collection, so it comes second). */
  setDispatcher(dispatcher: EventDispatcher): void {
    this.dispatcher = dispatcher;
  }

  /**
   * Records the event and hands it to the dispatcher; `{ dispatch: false }` only records it, for an event
   * delivered synchronously by its producer (`issuing_authorization.request`). An event happens on the
   * connected account named by `account`, else by the request's `Stripe-Account` header; such an event
   * carries `account`, as Stripe's Connect events do. `previous` is the object before an update: the
   * event carries what changed since as `data.previous_attributes`.
   */
  emit(
    type: EventType,
    object: ApiObject,
    request: RequestContext | null,
    {
      dispatch = true,
      account,
      previous,
    }: { dispatch?: boolean; account?: string | null; previous?: ApiObject } = {},
  ): SandboxEvent {
    const onAccount = account ?? request?.account ?? null;
    const event = this.events.insert({
      id: newId(ID_PREFIX.event),
      ...(onAccount && { account: onAccount }),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: unixSeconds(this.clock),
      data: {
        object: structuredClone(object),
        ...(previous && { previous_attributes: previousAttributes(previous, object) }),
      },
      livemode: false,
      pending_webhooks: 0,
      // Stripe sets `request` for changes made through the API, and nulls its id for automatic ones.
      request: { id: request?.requestId ?? null, idempotency_key: request?.idempotencyKey ?? null },
      type,
    });
    const pending = dispatch ? (this.dispatcher?.dispatch(event) ?? 0) : 0;
    return this.events.replace({ ...event, pending_webhooks: pending });
  }

  /** A connected account's event is visible only with its `Stripe-Account` header, as at Stripe. */
  retrieve(id: string, account: string | null = null): SandboxEvent {
    const event = this.events.require(id);
    if ((event.account ?? null) !== account) throw resourceMissing('event', id);
    return event;
  }

  list(filter: EventListFilter, page: { limit: number; starting_after?: string; ending_before?: string }) {
    const matches = this.events
      .newestFirst()
      .filter(
        (event) =>
          (filter.type === undefined || typeMatches(event.type, filter.type)) &&
          (filter.types === undefined || filter.types.includes(event.type)) &&
          inRange(event.created, filter.created),
      );
    return paginate(matches, page, '/v1/events');
  }

  /** One fewer endpoint still waiting for this event. */
  markDelivered(id: string): void {
    const event = this.events.get(id);
    if (event && event.pending_webhooks > 0) {
      this.events.replace({ ...event, pending_webhooks: event.pending_webhooks - 1 });
    }
  }
}

/**
 * Stripe's `previous_attributes`: for each field that changed, its old value; within a changed hash, only
 * the keys that changed (`{ capabilities: { card_issuing: 'pending' } }`). Lists and scalars are compared
 * whole; a field the update added has the old value null.
 */
export function previousAttributes(before: object, after: object): Record<string, unknown> {
  const changed: Record<string, unknown> = {};
  const old = before as Record<string, unknown>;
  const now = after as Record<string, unknown>;
  for (const key of new Set([...Object.keys(old), ...Object.keys(now)])) {
    const was = old[key];
    const is = now[key];
    if (isHash(was) && isHash(is)) {
      const inner = previousAttributes(was, is);
      if (Object.keys(inner).length > 0) changed[key] = inner;
    } else if (JSON.stringify(was) !== JSON.stringify(is)) {
      changed[key] = was === undefined ? null : structuredClone(was);
    }
  }
  return changed;
}

const isHash = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  (value as { object?: unknown }).object !== 'list';

/** Stripe's `type` filter accepts `*` wildcards: `checkout.session.*`. */
function typeMatches(type: string, pattern: string): boolean {
  if (!pattern.includes('*')) return type === pattern;
  const regex = new RegExp(`^${pattern.split('*').map(escapeRegExp).join('.*')}$`);
  return regex.test(type);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
