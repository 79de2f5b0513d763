import { Clock, unixSeconds } from '../core/clock';
import { expandObject, FindById } from '../core/expand';
import { ID_PREFIX, newId } from '../core/ids';
import { ApiList, PageParams, paginate } from '../core/list';
import { inRange } from '../core/params';
import { PublicUrl } from '../core/public-url';
import { RequestContext } from '../core/request-context';
import { invalidRequest } from '../core/stripe-error';
import { EVENT_TYPE, EventsService } from '../events/events.service';
import { BacsSummary } from '../pay-page/test-bank-accounts';
import { CardSummary, WALLET_CARD } from '../pay-page/test-cards';
import { PaymentIntentsService, PaymentMethod, WalletType } from '../payment-intents/payment-intents.service';
import { JOB_KIND, Scheduler } from '../scheduler/scheduler';
import { Collection } from '../store/collection';
import { SandboxStore } from '../store/store';
import { CheckoutSession, LineItem } from './checkout-session.types';
import { CreateSessionParams, ListSessionsParams } from './checkout-sessions.params';

/** Stripe's limits on `expires_at`, and its default. */
const MIN_LIFETIME_S = 30 * 60;
const MAX_LIFETIME_S = 24 * 60 * 60;
/** Stripe's minimum charge in GBP (30p) and maximum amount (£999,999.99). */
const MIN_AMOUNT = 30;
const MAX_AMOUNT = 99_999_999;
/** What a session offers when the request names no payment method types (Stripe: the Dashboard's settings). */
const DEFAULT_PAYMENT_METHOD_TYPES = ['card'];
/** What Checkout substitutes in `success_url`. */
const SESSION_ID_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

/** What a session needs that is not part of its API object. */
interface SessionExtras {
  id: string;
  lineItems: LineItem[];
  paymentIntent: { description: string | null; metadata: Record<string, string> };
}

interface AsyncPaymentJob {
  sessionId: string;
  paymentMethodId: string;
  failure: { code: string; message: string } | null;
}

export type PaymentOutcome =
  | { kind: 'paid' | 'processing'; session: CheckoutSession; redirectUrl: string | null }
  | { kind: 'declined'; session: CheckoutSession; message: string };

/**
 * Checkout Sessions in `payment` mode: created open with a hosted pay page, completed by a card or wallet
 * (paid at once) or by Bacs Direct Debit (completed unpaid, then paid or failed a few seconds later),
 * expired on request or once past `expires_at`.
 */
export class CheckoutSessionsService {
  readonly sessions: Collection<CheckoutSession>;
  private readonly extras: Collection<SessionExtras>;

  constructor(
    store: SandboxStore,
    private readonly clock: Clock,
    private readonly events: EventsService,
    private readonly paymentIntents: PaymentIntentsService,
    private readonly scheduler: Scheduler,
    private readonly publicUrl: PublicUrl,
    private readonly asyncPaymentDelayMs: number,
    private readonly findById: FindById,
  ) {
    this.sessions = store.collection<CheckoutSession>('checkout_sessions', {
      objectName: 'checkout.session',
      idPrefix: ID_PREFIX.checkoutSession,
    });
    this.extras = store.collection<SessionExtras>('checkout_session_extras', {
      objectName: 'checkout.session',
    });
    scheduler.register<AsyncPaymentJob>(JOB_KIND.asyncPaymentResolution, (job) =>
      this.resolveAsyncPayment(job),
    );
  }

  create(params: CreateSessionParams): CheckoutSession {
    const now = unixSeconds(this.clock);
    const id = newId(ID_PREFIX.checkoutSession);
    const lineItems = params.line_items.map((item) => this.lineItem(item, now));
    const total = lineItems.reduce((sum, item) => sum + item.amount_total, 0);
    if (total < MIN_AMOUNT) {
      throw invalidRequest("The Checkout Session's total amount due must add up to at least £0.30 gbp", {
        code: 'amount_too_small',
        param: 'line_items',
      });
    }
    if (total > MAX_AMOUNT) {
      throw invalidRequest(`The Checkout Session's total amount due must be no more than £999,999.99 gbp`, {
        code: 'amount_too_large',
        param: 'line_items',
      });
    }
    if (params.allowed_payment_method_types && params.payment_method_types) {
      throw invalidRequest(
        'You may only specify one of these parameters: allowed_payment_method_types, payment_method_types.',
        { code: 'parameters_exclusive', param: 'payment_method_types' },
      );
    }
    const expiresAt = params.expires_at ?? now + MAX_LIFETIME_S;
    if (expiresAt < now + MIN_LIFETIME_S || expiresAt > now + MAX_LIFETIME_S) {
      throw invalidRequest(
        'The `expires_at` timestamp must be between 30 minutes and 24 hours after the Checkout Session is created.',
        { param: 'expires_at' },
      );
    }
    this.extras.insert({
      id,
      lineItems,
      paymentIntent: {
        description: params.payment_intent_data?.description ?? null,
        metadata: params.payment_intent_data?.metadata ?? {},
      },
    });
    const paymentMethodTypes =
      params.allowed_payment_method_types ?? params.payment_method_types ?? DEFAULT_PAYMENT_METHOD_TYPES;
    return this.sessions.insert({
      id,
      object: 'checkout.session',
      adaptive_pricing: { enabled: false },
      after_expiration: null,
      allow_promotion_codes: null,
      allowed_payment_method_types: params.allowed_payment_method_types ?? null,
      amount_subtotal: total,
      amount_total: total,
      automatic_tax: { enabled: false, liability: null, provider: null, status: null },
      billing_address_collection: null,
      cancel_url: params.cancel_url ?? null,
      client_reference_id: params.client_reference_id ?? null,
      // Only embedded and elements sessions have one; Kitty's are hosted.
      client_secret: null,
      collected_information: null,
      consent: null,
      consent_collection: null,
      created: now,
      currency: 'gbp',
      currency_conversion: null,
      custom_fields: [],
      custom_text: {
        after_submit: null,
        shipping_address: null,
        submit: null,
        terms_of_service_acceptance: null,
      },
      customer: null,
      customer_account: null,
      customer_creation: 'if_required',
      customer_details: null,
      customer_email: params.customer_email ?? null,
      discounts: [],
      expires_at: expiresAt,
      integration_identifier: null,
      invoice: null,
      invoice_creation: {
        enabled: false,
        invoice_data: {
          account_tax_ids: null,
          custom_fields: null,
          description: null,
          footer: null,
          issuer: null,
          metadata: {},
          rendering_options: null,
        },
      },
      livemode: false,
      locale: params.locale ?? null,
      managed_payments: { enabled: false },
      metadata: params.metadata ?? {},
      mode: 'payment',
      origin_context: null,
      payment_intent: null,
      payment_link: null,
      payment_method_collection: 'if_required',
      // Explicit payment method types: no payment method configuration applies.
      payment_method_configuration_details: null,
      payment_method_options: paymentMethodTypes.includes('card')
        ? { card: { request_three_d_secure: 'automatic' } }
        : {},
      payment_method_types: paymentMethodTypes,
      payment_status: 'unpaid',
      permissions: null,
      recovered_from: null,
      saved_payment_method_options: null,
      setup_intent: null,
      shipping_address_collection: null,
      shipping_cost: null,
      shipping_options: [],
      status: 'open',
      submit_type: params.submit_type ?? null,
      subscription: null,
      success_url: params.success_url ?? null,
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      ui_mode: 'hosted_page',
      url: `${this.publicUrl.get()}/pay/${id}`,
      wallet_options: null,
    });
  }

  retrieve(id: string): CheckoutSession {
    return this.sessions.require(id, 'session');
  }

  /** The API view: `expand[]=line_items` attaches the items; other paths expand ids into objects. */
  present(session: CheckoutSession, expand: string[] = []): CheckoutSession {
    let view = session;
    if (expand.includes('line_items')) {
      view = { ...view, line_items: this.listLineItems(session.id, { limit: 100 }) };
    }
    return expandObject(
      view,
      expand.filter((path) => path !== 'line_items'),
      this.findById,
    );
  }

  list(params: ListSessionsParams): ApiList<CheckoutSession> {
    const matches = this.sessions
      .newestFirst()
      .filter(
        (session) =>
          (params.status === undefined || session.status === params.status) &&
          (params.payment_intent === undefined || session.payment_intent === params.payment_intent) &&
          inRange(session.created, params.created),
      );
    return paginate(matches, params, '/v1/checkout/sessions');
  }

  listLineItems(id: string, page: PageParams): ApiList<LineItem> {
    this.retrieve(id);
    const items = this.extras.get(id)?.lineItems ?? [];
    return paginate(items, page, `/v1/checkout/sessions/${id}/line_items`);
  }

  lineItems(id: string): LineItem[] {
    return this.extras.get(id)?.lineItems ?? [];
  }

  /** `POST /v1/checkout/sessions/:id/expire`: only an open session can be expired. */
  expire(id: string, request: RequestContext): CheckoutSession {
    const session = this.retrieve(id);
    if (session.status !== 'open') {
      throw invalidRequest(`Only Checkout Sessions with a status in ["open"] can be expired.`, {
        param: 'session',
      });
    }
    return this.markExpired(session, request);
  }

  /** The background sweep: open sessions past `expires_at` expire with `checkout.session.expired`. */
  expireOverdue(): number {
    const overdue = this.sessions.all().filter((session) => this.isOverdue(session));
    for (const session of overdue) this.markExpired(session, null);
    return overdue.length;
  }

  /** The session as the pay page may use it: expired first if its time is up. */
  current(id: string): CheckoutSession {
    const session = this.retrieve(id);
    return this.isOverdue(session) ? this.markExpired(session, null) : session;
  }

  payByCard(id: string, card: CardSummary, cardholderName: string): PaymentOutcome {
    const session = this.requireOpen(id);
    const method = this.paymentIntents.cardMethod(card, cardholderName, session.customer_email, null);
    return this.payImmediately(session, method, card.decline);
  }

  payByWallet(id: string, wallet: WalletType): PaymentOutcome {
    const session = this.requireOpen(id);
    const now = new Date(this.clock.now());
    const card: CardSummary = { ...WALLET_CARD, expMonth: 12, expYear: now.getUTCFullYear() + 3 };
    const name = wallet === 'apple_pay' ? 'Apple Pay test customer' : 'Google Pay test customer';
    const method = this.paymentIntents.cardMethod(card, name, session.customer_email, wallet);
    return this.payImmediately(session, method, null);
  }

  /**
   * Bacs Direct Debit: the session completes now with `payment_status: unpaid`, and the debit succeeds or
   * fails after the configured delay (`checkout.session.async_payment_succeeded` / `…_failed`).
   */
  payByBacs(id: string, account: BacsSummary): PaymentOutcome {
    const session = this.requireOpen(id);
    if (!session.payment_method_types.includes('bacs_debit')) {
      throw invalidRequest('This Checkout Session does not accept bacs_debit.', {
        param: 'payment_method_types',
      });
    }
    const method = this.paymentIntents.bacsMethod(account);
    const withIntent = this.withPaymentIntent(session);
    this.paymentIntents.process(withIntent.payment_intent as string, method);
    const completed = this.complete(withIntent, 'unpaid', account.accountHolderName, account.email);
    this.scheduler.schedule<AsyncPaymentJob>(JOB_KIND.asyncPaymentResolution, this.asyncPaymentDelayMs, {
      sessionId: id,
      paymentMethodId: method.id,
      failure: account.failure,
    });
    return { kind: 'processing', session: completed, redirectUrl: this.successRedirect(completed) };
  }

  /** `success_url` with `{CHECKOUT_SESSION_ID}` replaced, or null when the session has none. */
  successRedirect(session: CheckoutSession): string | null {
    return session.success_url?.split(SESSION_ID_PLACEHOLDER).join(session.id) ?? null;
  }

  private payImmediately(
    session: CheckoutSession,
    method: PaymentMethod,
    decline: CardSummary['decline'],
  ): PaymentOutcome {
    const withIntent = this.withPaymentIntent(session);
    const intentId = withIntent.payment_intent as string;
    if (decline) {
      // A declined attempt leaves the session open for another try and sends no Checkout event.
      this.paymentIntents.fail(intentId, method, decline);
      return { kind: 'declined', session: withIntent, message: decline.message };
    }
    this.paymentIntents.succeed(intentId, method);
    const completed = this.complete(
      withIntent,
      'paid',
      method.billing_details.name,
      method.billing_details.email,
    );
    return { kind: 'paid', session: completed, redirectUrl: this.successRedirect(completed) };
  }

  private resolveAsyncPayment(job: AsyncPaymentJob): void {
    const session = this.sessions.get(job.sessionId);
    const method = this.paymentIntents.methods.get(job.paymentMethodId);
    if (!session || !method || session.payment_status !== 'unpaid' || session.payment_intent === null) return;
    const intentId = session.payment_intent as string;
    if (job.failure) {
      this.paymentIntents.fail(intentId, method, job.failure);
      this.events.emit(EVENT_TYPE.checkoutSessionAsyncPaymentFailed, session, null);
      return;
    }
    this.paymentIntents.succeed(intentId, method);
    const paid = this.sessions.replace({ ...session, payment_status: 'paid' });
    this.events.emit(EVENT_TYPE.checkoutSessionAsyncPaymentSucceeded, paid, null);
  }

  private requireOpen(id: string): CheckoutSession {
    const session = this.current(id);
    if (session.status !== 'open') {
      throw invalidRequest('This Checkout Session is no longer active.', { param: 'session' });
    }
    return session;
  }

  private withPaymentIntent(session: CheckoutSession): CheckoutSession {
    if (session.payment_intent !== null) return session;
    const extras = this.extras.get(session.id);
    const intent = this.paymentIntents.create({
      amount: session.amount_total ?? 0,
      currency: session.currency ?? 'gbp',
      description: extras?.paymentIntent.description ?? null,
      metadata: extras?.paymentIntent.metadata ?? {},
      paymentMethodTypes: session.payment_method_types,
    });
    return this.sessions.replace({ ...session, payment_intent: intent.id });
  }

  private complete(
    session: CheckoutSession,
    paymentStatus: 'paid' | 'unpaid',
    name: string | null,
    email: string | null,
  ): CheckoutSession {
    const completed = this.sessions.replace({
      ...session,
      status: 'complete',
      payment_status: paymentStatus,
      url: null,
      customer_details: {
        address: null,
        business_name: null,
        email: session.customer_email ?? email,
        individual_name: null,
        name,
        phone: null,
        tax_exempt: 'none',
        tax_ids: [],
      },
    });
    this.events.emit(EVENT_TYPE.checkoutSessionCompleted, completed, null);
    return completed;
  }

  private markExpired(session: CheckoutSession, request: RequestContext | null): CheckoutSession {
    const expired = this.sessions.replace({ ...session, status: 'expired', url: null });
    this.events.emit(EVENT_TYPE.checkoutSessionExpired, expired, request);
    return expired;
  }

  private isOverdue(session: CheckoutSession): boolean {
    return session.status === 'open' && session.expires_at <= unixSeconds(this.clock);
  }

  private lineItem(item: CreateSessionParams['line_items'][number], created: number): LineItem {
    const amount = item.price_data.unit_amount * item.quantity;
    return {
      id: newId(ID_PREFIX.lineItem),
      object: 'item',
      amount_discount: 0,
      amount_subtotal: amount,
      amount_tax: 0,
      amount_total: amount,
      currency: item.price_data.currency,
      description: item.price_data.product_data.name,
      metadata: {},
      quantity: item.quantity,
      price: {
        id: newId(ID_PREFIX.price),
        object: 'price',
        active: false,
        billing_scheme: 'per_unit',
        created,
        currency: item.price_data.currency,
        livemode: false,
        metadata: {},
        product: newId(ID_PREFIX.product),
        type: 'one_time',
        unit_amount: item.price_data.unit_amount,
      },
    };
  }
}
