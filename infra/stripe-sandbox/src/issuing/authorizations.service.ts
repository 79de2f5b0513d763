import { randomInt } from 'node:crypto';

import Stripe from 'stripe';

import { Clock, unixSeconds } from '../core/clock';
import { ID_PREFIX, newId } from '../core/ids';
import { RequestContext } from '../core/request-context';
import { invalidRequest, resourceMissing } from '../core/stripe-error';
import { EVENT_TYPE, EventsService } from '../events/events.service';
import { Collection } from '../store/collection';
import { SandboxStore } from '../store/store';
import { WebhookDeliveryService } from '../webhooks/webhook-delivery.service';
import { readAuthorizationReply } from './authorization-reply';
import {
  CaptureAuthorizationParams,
  CreateAuthorizationParams,
  ReverseAuthorizationParams,
} from './authorizations.params';
import { IssuingCard, IssuingService } from './issuing.service';

/** Stripe's Issuing Authorization, with its card embedded as Stripe sends it (names and types from the SDK). */
export type IssuingAuthorization = Omit<Stripe.Issuing.Authorization, 'card' | 'cardholder'> & {
  card: IssuingCard;
  cardholder: string;
};

type Reason = Stripe.Issuing.Authorization.RequestHistory.Reason;

/** What was decided, why, and the metadata the endpoint's reply set on the authorization. */
interface Decision {
  approved: boolean;
  reason: Reason;
  reasonMessage: string | null;
  metadata: Record<string, string>;
}

/** The capture of an authorization, as Stripe records it: the amount is negative (money leaving). */
export type IssuingTransaction = Omit<Stripe.Issuing.Transaction, 'card' | 'cardholder'> & {
  card: string;
  cardholder: string;
};

/** Stripe waits this long for the real-time decision, then applies the default (decline). */
export const AUTHORIZATION_DECISION_MS = 2000;

interface Owned {
  id: string;
  account: string | null;
  object: IssuingAuthorization;
}

/**
 * Card purchases (test helper): an active card's authorization is sent synchronously to the webhook
 * endpoints as `issuing_authorization.request`; the first endpoint answering as Stripe's real-time
 * authorization webhook requires (200, `Stripe-Version`, JSON `{"approved": …}`) decides. No usable answer
 * in time declines. An approved
 * authorization stays `pending` (funds held); a declined one is `closed`. Then `issuing_authorization.created`.
 */
export class AuthorizationsService {
  private readonly authorizations: Collection<Owned>;
  private readonly transactions: Collection<{
    id: string;
    account: string | null;
    object: IssuingTransaction;
  }>;

  constructor(
    store: SandboxStore,
    private readonly clock: Clock,
    private readonly events: EventsService,
    private readonly webhooks: WebhookDeliveryService,
    private readonly issuing: IssuingService,
  ) {
    this.authorizations = store.collection('issuing_authorizations', { objectName: 'issuing.authorization' });
    this.transactions = store.collection('issuing_transactions', { objectName: 'issuing.transaction' });
  }

  async create(params: CreateAuthorizationParams, request: RequestContext): Promise<IssuingAuthorization> {
    const card = this.issuing.retrieveCard(params.card, request);
    const now = unixSeconds(this.clock);
    const currency = params.currency ?? 'gbp';
    const merchant = params.merchant_data ?? {};
    const pending: IssuingAuthorization = {
      id: newId(ID_PREFIX.authorization),
      object: 'issuing.authorization',
      amount: 0,
      amount_details: { atm_fee: null, cashback_amount: null },
      approved: false,
      authorization_method: 'online',
      balance_transactions: [],
      card,
      card_presence: null,
      cardholder: card.cardholder.id,
      created: now,
      currency,
      fleet: null,
      fuel: null,
      livemode: false,
      merchant_amount: params.amount,
      merchant_currency: currency,
      merchant_data: {
        category: merchant.category ?? 'miscellaneous_general_merchandise',
        category_code: '5399',
        city: merchant.city ?? null,
        country: merchant.country ?? 'GB',
        name: merchant.name ?? 'Kitty Test Merchant',
        network_id: '1234567890',
        postal_code: null,
        state: null,
        tax_id: null,
        terminal_id: null,
        url: null,
      },
      metadata: {},
      network_data: null,
      pending_request: {
        amount: params.amount,
        amount_details: { atm_fee: null, cashback_amount: null },
        currency,
        is_amount_controllable: false,
        merchant_amount: params.amount,
        merchant_currency: currency,
        network_risk_score: null,
      },
      request_history: [],
      status: 'pending',
      transactions: [],
      verified_by_fraud_challenge: null,
      verification_data: {
        address_line1_check: 'not_provided',
        address_postal_code_check: 'not_provided',
        authentication_exemption: null,
        cvc_check: 'match',
        expiry_check: 'match',
        postal_code: null,
        three_d_secure: null,
      },
      wallet: null,
    };
    const { approved, reason, reasonMessage, metadata }: Decision =
      card.status === 'active'
        ? await this.askEndpoints(pending, request)
        : { approved: false, reason: 'card_inactive', reasonMessage: null, metadata: {} };
    const decided: IssuingAuthorization = {
      ...pending,
      amount: approved ? params.amount : 0,
      metadata,
      approved,
      pending_request: null,
      status: approved ? 'pending' : 'closed',
      request_history: [
        {
          amount: params.amount,
          amount_details: { atm_fee: null, cashback_amount: null },
          approved,
          authorization_code: approved ? String(randomInt(100_000, 1_000_000)) : null,
          created: now,
          currency,
          merchant_amount: params.amount,
          merchant_currency: currency,
          network_risk_score: null,
          reason,
          reason_message: reasonMessage,
          requested_at: now,
        },
      ],
    };
    this.authorizations.insert({ id: decided.id, account: request.account, object: decided });
    this.events.emit(EVENT_TYPE.issuingAuthorizationCreated, decided, request);
    return decided;
  }

  retrieve(id: string, request: RequestContext): IssuingAuthorization {
    const owned = this.authorizations.get(id);
    if (!owned || owned.account !== request.account) throw resourceMissing('issuing.authorization', id);
    return owned.object;
  }

  /**
   * Test helper: the merchant captures `capture_amount` (default: what is held). Records an
   * `issuing.transaction` of type capture (negative amount) and closes the authorization unless
   * `close_authorization=false`; emits `issuing_transaction.created` and `issuing_authorization.updated`.
   */
  capture(id: string, params: CaptureAuthorizationParams, request: RequestContext): IssuingAuthorization {
    const authorization = this.pending(id, request);
    const captured = params.capture_amount ?? authorization.amount;
    const now = unixSeconds(this.clock);
    const transaction: IssuingTransaction = {
      id: newId(ID_PREFIX.issuingTransaction),
      object: 'issuing.transaction',
      amount: -captured,
      amount_details: { atm_fee: null, cashback_amount: null },
      authorization: authorization.id,
      balance_transaction: newId(ID_PREFIX.balanceTransaction),
      card: authorization.card.id,
      cardholder: authorization.cardholder,
      created: now,
      currency: authorization.currency,
      dispute: null,
      livemode: false,
      merchant_amount: -captured,
      merchant_currency: authorization.merchant_currency,
      merchant_data: authorization.merchant_data,
      metadata: {},
      network_data: null,
      type: 'capture',
      wallet: null,
    };
    this.transactions.insert({ id: transaction.id, account: request.account, object: transaction });
    const close = params.close_authorization ?? true;
    const updated = this.update(id, {
      amount: close ? 0 : Math.max(0, authorization.amount - captured),
      status: close ? 'closed' : 'pending',
      transactions: [...authorization.transactions, transaction],
    });
    this.events.emit(EVENT_TYPE.issuingTransactionCreated, transaction, request);
    this.events.emit(EVENT_TYPE.issuingAuthorizationUpdated, updated, request, { previous: authorization });
    return updated;
  }

  /** Test helper: the merchant releases `reverse_amount` (default: all); all released → `reversed`. */
  reverse(id: string, params: ReverseAuthorizationParams, request: RequestContext): IssuingAuthorization {
    const authorization = this.pending(id, request);
    const remaining = Math.max(0, authorization.amount - (params.reverse_amount ?? authorization.amount));
    const updated = this.update(id, { amount: remaining, status: remaining === 0 ? 'reversed' : 'pending' });
    this.events.emit(EVENT_TYPE.issuingAuthorizationUpdated, updated, request, { previous: authorization });
    return updated;
  }

  /** Test helper: the hold lapses uncaptured (Stripe: after 7 days). */
  expire(id: string, request: RequestContext): IssuingAuthorization {
    const authorization = this.pending(id, request);
    const updated = this.update(id, { amount: 0, status: 'expired' });
    this.events.emit(EVENT_TYPE.issuingAuthorizationUpdated, updated, request, { previous: authorization });
    return updated;
  }

  /** An approved authorization still holding funds; anything else cannot be captured or released. */
  private pending(id: string, request: RequestContext): IssuingAuthorization {
    const authorization = this.retrieve(id, request);
    if (authorization.status !== 'pending')
      throw invalidRequest(`This authorization is ${authorization.status}; only a pending one can change.`, {
        code: 'authorization_not_pending',
      });
    return authorization;
  }

  private update(id: string, changes: Partial<IssuingAuthorization>): IssuingAuthorization {
    const owned = this.authorizations.require(id);
    const object = { ...owned.object, ...changes };
    this.authorizations.replace({ ...owned, object });
    return object;
  }

  /**
   * The real-time decision: the first endpoint whose reply Stripe can use decides (see
   * readAuthorizationReply). A reply it cannot use is a `webhook_error` with Stripe's `reason_message`; no
   * reply in time is a `webhook_timeout`. Either way the authorization is declined.
   */
  private async askEndpoints(
    authorization: IssuingAuthorization,
    request: RequestContext,
  ): Promise<Decision> {
    const event = this.events.emit(EVENT_TYPE.issuingAuthorizationRequest, authorization, request, {
      dispatch: false,
    });
    let outcome: Decision = { approved: false, reason: 'webhook_timeout', reasonMessage: null, metadata: {} };
    for (const endpoint of this.webhooks.endpointsOf(event)) {
      const reading = await this.webhooks.ask(
        endpoint,
        event,
        AUTHORIZATION_DECISION_MS,
        readAuthorizationReply,
      );
      if (reading === null) continue;
      if (!reading.ok) {
        outcome = { approved: false, reason: 'webhook_error', reasonMessage: reading.message, metadata: {} };
        continue;
      }
      const { approved, metadata } = reading.value;
      return {
        approved,
        reason: approved ? 'webhook_approved' : 'webhook_declined',
        reasonMessage: null,
        metadata,
      };
    }
    return outcome;
  }
}
