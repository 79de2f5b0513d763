import { randomInt } from 'node:crypto';

import Stripe from 'stripe';

import { AccountsService } from '../accounts/accounts.service';
import { Clock, unixSeconds } from '../core/clock';
import { ID_PREFIX, newId } from '../core/ids';
import { RequestContext } from '../core/request-context';
import { invalidRequest, resourceMissing } from '../core/stripe-error';
import { EVENT_TYPE, EventsService } from '../events/events.service';
import { Collection } from '../store/collection';
import { SandboxStore } from '../store/store';
import { CreateCardholderParams, CreateCardParams, UpdateCardParams } from './issuing.params';

export type Cardholder = Pick<
  Stripe.Issuing.Cardholder,
  | 'id'
  | 'object'
  | 'billing'
  | 'company'
  | 'created'
  | 'email'
  | 'individual'
  | 'livemode'
  | 'metadata'
  | 'name'
  | 'phone_number'
  | 'preferred_locales'
  | 'requirements'
  | 'spending_controls'
  | 'status'
  | 'type'
>;

/** Stripe's Issuing Card, with its cardholder as Stripe embeds it (names and types from the SDK). */
export type IssuingCard = Omit<Stripe.Issuing.Card, 'cardholder'> & { cardholder: Cardholder };

/** Objects of a connected account live beside the account that owns them (null: the platform). */
interface Owned<T> {
  id: string;
  account: string | null;
  object: T;
}

const CARD_VALID_YEARS = 3;

/**
 * Issuing cardholders and virtual cards, on the platform or (with `Stripe-Account`) on a connected account
 * whose `card_issuing` capability is active. Objects of one account are invisible from another.
 */
export class IssuingService {
  private readonly cardholders: Collection<Owned<Cardholder>>;
  private readonly cards: Collection<Owned<IssuingCard>>;

  constructor(
    store: SandboxStore,
    private readonly clock: Clock,
    private readonly events: EventsService,
    private readonly accounts: AccountsService,
  ) {
    this.cardholders = store.collection('issuing_cardholders', { objectName: 'issuing.cardholder' });
    this.cards = store.collection('issuing_cards', { objectName: 'issuing.card' });
  }

  createCardholder(params: CreateCardholderParams, request: RequestContext): Cardholder {
    this.requireIssuing(request.account);
    const individual = params.individual;
    const cardholder: Cardholder = {
      id: newId(ID_PREFIX.cardholder),
      object: 'issuing.cardholder',
      billing: { address: { line2: null, state: null, ...params.billing.address } },
      company: null,
      created: unixSeconds(this.clock),
      email: params.email ?? null,
      individual: individual
        ? {
            first_name: individual.first_name ?? null,
            last_name: individual.last_name ?? null,
            dob: individual.dob ?? null,
            verification: null,
          }
        : null,
      livemode: false,
      metadata: params.metadata ?? {},
      name: params.name,
      phone_number: params.phone_number ?? null,
      preferred_locales: null,
      requirements: { disabled_reason: null, past_due: [] },
      spending_controls: null,
      status: params.status ?? 'active',
      type: 'individual',
    };
    this.cardholders.insert({ id: cardholder.id, account: request.account, object: cardholder });
    this.events.emit(EVENT_TYPE.issuingCardholderCreated, cardholder, request);
    return cardholder;
  }

  retrieveCardholder(id: string, request: RequestContext): Cardholder {
    return this.owned(this.cardholders, id, request, 'issuing.cardholder').object;
  }

  createCard(params: CreateCardParams, request: RequestContext): IssuingCard {
    this.requireIssuing(request.account);
    const cardholder = this.owned(
      this.cardholders,
      params.cardholder,
      request,
      'issuing.cardholder',
      'cardholder',
    );
    const created = new Date(this.clock.now());
    const card: IssuingCard = {
      id: newId(ID_PREFIX.card),
      object: 'issuing.card',
      brand: 'Visa',
      cancellation_reason: null,
      cardholder: cardholder.object,
      created: unixSeconds(this.clock),
      currency: params.currency,
      exp_month: created.getUTCMonth() + 1,
      exp_year: created.getUTCFullYear() + CARD_VALID_YEARS,
      last4: String(randomInt(0, 10_000)).padStart(4, '0'),
      latest_fraud_warning: null,
      lifecycle_controls: null,
      livemode: false,
      metadata: params.metadata ?? {},
      personalization_design: null,
      replaced_by: null,
      replacement_for: null,
      replacement_reason: null,
      second_line: null,
      shipping: null,
      spending_controls: {
        allowed_card_presences: null,
        blocked_card_presences: null,
        allowed_categories: null,
        allowed_merchant_countries: null,
        blocked_categories: null,
        blocked_merchant_countries: null,
        spending_limits: [],
        spending_limits_currency: null,
      },
      // Stripe's default: a new card is inactive until activated.
      status: params.status ?? 'inactive',
      type: 'virtual',
      wallets: {
        apple_pay: { eligible: true, ineligible_reason: null },
        google_pay: { eligible: true, ineligible_reason: null },
        primary_account_identifier: null,
      },
    };
    this.cards.insert({ id: card.id, account: request.account, object: card });
    this.events.emit(EVENT_TYPE.issuingCardCreated, card, request);
    return card;
  }

  retrieveCard(id: string, request: RequestContext): IssuingCard {
    return this.owned(this.cards, id, request, 'issuing.card').object;
  }

  updateCard(id: string, params: UpdateCardParams, request: RequestContext): IssuingCard {
    const owned = this.owned(this.cards, id, request, 'issuing.card');
    const card = owned.object;
    if (card.status === 'canceled' && params.status !== undefined && params.status !== 'canceled') {
      throw invalidRequest('This card has been canceled and cannot be reactivated.', { param: 'status' });
    }
    const updated: IssuingCard = {
      ...card,
      status: params.status ?? card.status,
      metadata: { ...card.metadata, ...params.metadata },
    };
    this.cards.replace({ ...owned, object: updated });
    this.events.emit(EVENT_TYPE.issuingCardUpdated, updated, request, { previous: card });
    return updated;
  }

  /** A connected account issues cards only once its card_issuing capability is active. */
  private requireIssuing(account: string | null): void {
    if (account === null) return;
    const connected = this.accounts.accounts.get(account);
    if (!connected) throw invalidRequest(`No such account: '${account}'`, { code: 'account_invalid' });
    if (connected.capabilities.card_issuing !== 'active') {
      throw invalidRequest(
        'This account is not set up to use Issuing: its card_issuing capability is not active.',
        { code: 'capability_not_active' },
      );
    }
  }

  private owned<T>(
    collection: Collection<Owned<T>>,
    id: string,
    request: RequestContext,
    objectName: string,
    param = 'id',
  ): Owned<T> {
    const owned = collection.get(id);
    if (!owned || owned.account !== request.account) throw resourceMissing(objectName, id, param);
    return owned;
  }
}
