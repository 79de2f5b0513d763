import { Clock, unixSeconds } from '../core/clock';
import { ID_PREFIX, newId } from '../core/ids';
import { Logger } from '../core/logger';
import { EventDispatcher, EventsService, SandboxEvent } from '../events/events.service';
import { JOB_KIND, Scheduler } from '../scheduler/scheduler';
import { Collection } from '../store/collection';
import { SandboxStore } from '../store/store';
import { noTraffic, TrafficSink } from '../traffic/traffic-recorder';
import { stripeSignatureHeader } from './signature';

export interface WebhookSettings {
  /** The platform's endpoints: its own account's events. */
  urls: string[];
  /** Event types sent to the endpoints; empty sends everything. */
  enabledEvents: string[];
  secret: string;
  /**
   * Connect endpoints: events of connected accounts (those with `account`), signed with their own secret.
   * When none are configured, connected accounts' events go to the platform's endpoints instead.
   */
  connectUrls: string[];
  connectSecret: string;
  maxAttempts: number;
  retryBaseMs: number;
  retryMaxMs: number;
  timeoutMs: number;
  /** The endpoints' API version: every delivered event is rendered with it, as Stripe does. */
  apiVersion: string;
}

/** One HTTP attempt to deliver one event to one endpoint, as shown at `GET /_sandbox/deliveries`. */
export interface DeliveryAttempt {
  id: string;
  event_id: string;
  event_type: string;
  endpoint: string;
  /** 1 for the first try, counting up through retries. */
  attempt: number;
  /** synchronous: a request Stripe waits on for the answer (`issuing_authorization.request`). */
  trigger: 'automatic' | 'resend' | 'synchronous';
  status: 'succeeded' | 'failed';
  response_status: number | null;
  error: string | null;
  duration_ms: number;
  /** Epoch milliseconds. */
  attempted_at: number;
  /** Epoch milliseconds of the retry, or null when this was the last attempt. */
  next_attempt_at: number | null;
}

interface DeliveryJob {
  eventId: string;
  endpoint: string;
  attempt: number;
  trigger: DeliveryAttempt['trigger'];
}

export interface SendResult {
  status: number | null;
  /** The response's headers by lower-case name (empty when there was no response). */
  headers: Record<string, string>;
  body: string | null;
  error: string | null;
  durationMs: number;
}

/** An endpoint's answer over HTTP: header values by lower-case name. */
export interface HttpAnswer {
  status: number;
  headers: Readonly<Record<string, string>>;
  body: string;
}

/** What a synchronous answer meant: a value to act on, or why it cannot be used. */
export type Reading<T> = { ok: true; value: T } | { ok: false; message: string };

/** Exponential backoff: base, 2×base, 4×base, … capped at max. `attempt` is the one that just failed. */
export function retryDelayMs(attempt: number, baseMs: number, maxMs: number): number {
  return Math.min(baseMs * 2 ** (attempt - 1), maxMs);
}

/**
 * Delivers events to the configured endpoints as Stripe does: a JSON POST signed with `Stripe-Signature`
 * (a fresh timestamp on every attempt), any non-2xx answer or network error retried with exponential
 * backoff up to the attempt limit. At least once, in no guaranteed order.
 */
export class WebhookDeliveryService implements EventDispatcher {
  readonly deliveries: Collection<DeliveryAttempt>;
  /** Automatic deliveries held while paused (see pauseDeliveries); null when delivering. */
  private held: DeliveryJob[] | null = null;

  constructor(
    store: SandboxStore,
    private readonly settings: WebhookSettings,
    private readonly events: EventsService,
    private readonly scheduler: Scheduler,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly traffic: TrafficSink = noTraffic,
  ) {
    this.deliveries = store.collection<DeliveryAttempt>('webhook_deliveries', {
      objectName: 'delivery',
      maxSize: 5000,
    });
    scheduler.register<DeliveryJob>(JOB_KIND.webhookDelivery, (job) => this.attempt(job));
    events.setDispatcher(this);
  }

  get endpoints(): string[] {
    return this.settings.urls;
  }

  dispatch(event: SandboxEvent): number {
    const endpoints = this.endpointsFor(event);
    for (const endpoint of endpoints) {
      const job: DeliveryJob = { eventId: event.id, endpoint, attempt: 1, trigger: 'automatic' };
      if (this.held) this.held.push(job);
      else this.enqueue(job);
    }
    return endpoints.length;
  }

  /**
   * Holds new events' automatic deliveries until `resumeDeliveries` (a sandbox-only switch): a benchmark
   * pays many sessions first, then delivers their events itself all at once, so the rate it measures is
   * the receiving end's, not the pay page's. Retries already scheduled and resends still go out.
   */
  pauseDeliveries(): void {
    this.held ??= [];
  }

  /** Sends what was held while paused, and every new event again as it happens; returns how many. */
  resumeDeliveries(): number {
    const held = this.held ?? [];
    this.held = null;
    for (const job of held) this.enqueue(job);
    return held.length;
  }

  get paused(): boolean {
    return this.held !== null;
  }

  /** Delivers an event again, to every endpoint or one (duplicate-delivery tests). */
  resend(eventId: string, endpoint?: string): string[] {
    const event = this.events.events.require(eventId);
    const endpoints = endpoint === undefined ? this.endpointsFor(event) : [endpoint];
    for (const url of endpoints) this.enqueue({ eventId, endpoint: url, attempt: 1, trigger: 'resend' });
    return endpoints;
  }

  /**
   * The synchronous `issuing_authorization.request`: one signed POST whose answer Stripe waits on (never
   * retried), sent with `Accept: application/json` as Stripe sends it since 2025-03-31.basil, and logged with
   * its duration like every other delivery — how long the endpoint took to decide. `read` turns the answer
   * into what the caller acts on, or says why Stripe could not use it (then the attempt is logged failed).
   * Null: no answer (a timeout or a network error).
   */
  async ask<T>(
    endpoint: string,
    event: SandboxEvent,
    timeoutMs: number,
    read: (response: HttpAnswer) => Reading<T>,
  ): Promise<Reading<T> | null> {
    const result = await this.send(endpoint, event, timeoutMs, { Accept: 'application/json' });
    const reading =
      result.status === null
        ? null
        : read({ status: result.status, headers: result.headers, body: result.body ?? '' });
    const error = result.error ?? (reading?.ok === false ? reading.message : null);
    this.deliveries.insert({
      id: newId(ID_PREFIX.delivery),
      event_id: event.id,
      event_type: event.type,
      endpoint,
      attempt: 1,
      trigger: 'synchronous',
      status: error === null ? 'succeeded' : 'failed',
      response_status: result.status,
      error,
      duration_ms: result.durationMs,
      attempted_at: this.clock.now(),
      next_attempt_at: null,
    });
    return reading;
  }

  /** One signed POST of an event, with its answer (the retrying delivery and `ask` use it). */
  async send(
    endpoint: string,
    event: SandboxEvent,
    timeoutMs = this.settings.timeoutMs,
    extraHeaders: Record<string, string> = {},
  ): Promise<SendResult> {
    const payload = JSON.stringify({ ...event, api_version: this.settings.apiVersion }, null, 2);
    const headers = {
      'Content-Type': 'application/json; charset=utf-8',
      'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      'Stripe-Signature': stripeSignatureHeader(payload, this.secretFor(endpoint), unixSeconds(this.clock)),
      ...extraHeaders,
    };
    this.traffic.record({ kind: 'webhook', endpoint, headers, payload });
    const started = this.clock.now();
    try {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers,
        body: payload,
        signal: AbortSignal.timeout(timeoutMs),
      });
      const body = await response.text();
      return {
        status: response.status,
        headers: Object.fromEntries(response.headers),
        body,
        error: null,
        durationMs: this.clock.now() - started,
      };
    } catch (error) {
      return {
        status: null,
        headers: {},
        body: null,
        error: describe(error),
        durationMs: this.clock.now() - started,
      };
    }
  }

  /** The endpoints an event goes to: a connected account's to the Connect endpoints, if there are any. */
  endpointsFor(event: Pick<SandboxEvent, 'type' | 'account'>): string[] {
    const { enabledEvents } = this.settings;
    if (enabledEvents.length > 0 && !enabledEvents.includes(event.type)) return [];
    return this.endpointsOf(event);
  }

  /** The platform's or the Connect endpoints, whichever the event's account belongs to, whatever its type. */
  endpointsOf(event: Pick<SandboxEvent, 'account'>): string[] {
    const { urls, connectUrls } = this.settings;
    return event.account && connectUrls.length > 0 ? connectUrls : urls;
  }

  /** Each endpoint has its signing secret: a Connect endpoint's is not the platform endpoint's. */
  private secretFor(endpoint: string): string {
    const { urls, connectUrls, secret, connectSecret } = this.settings;
    return connectUrls.includes(endpoint) && !urls.includes(endpoint) ? connectSecret : secret;
  }

  private enqueue(job: DeliveryJob, delayMs = 0): void {
    this.scheduler.schedule(JOB_KIND.webhookDelivery, delayMs, job);
  }

  private async attempt(job: DeliveryJob): Promise<void> {
    const event = this.events.events.get(job.eventId);
    if (!event) return;
    const result = await this.send(job.endpoint, event);
    const succeeded = result.status !== null && result.status >= 200 && result.status < 300;
    const retryIn =
      succeeded || job.attempt >= this.settings.maxAttempts ? null : this.retryDelay(job.attempt);
    // pending_webhooks counts the configured endpoints that have not yet had one successful delivery.
    const countsTowardsPending =
      succeeded &&
      this.endpointsFor(event).includes(job.endpoint) &&
      !this.wasDelivered(event.id, job.endpoint);
    this.deliveries.insert({
      id: newId(ID_PREFIX.delivery),
      event_id: event.id,
      event_type: event.type,
      endpoint: job.endpoint,
      attempt: job.attempt,
      trigger: job.trigger,
      status: succeeded ? 'succeeded' : 'failed',
      response_status: result.status,
      error: result.error ?? (succeeded ? null : `endpoint answered ${result.status}`),
      duration_ms: result.durationMs,
      attempted_at: this.clock.now(),
      next_attempt_at: retryIn === null ? null : this.clock.now() + retryIn,
    });
    if (countsTowardsPending) this.events.markDelivered(event.id);
    if (retryIn !== null) {
      this.enqueue({ ...job, attempt: job.attempt + 1 }, retryIn);
    } else if (!succeeded) {
      this.logger.warn(
        { eventId: event.id, type: event.type, endpoint: job.endpoint, attempts: job.attempt },
        'webhook delivery abandoned after the last attempt',
      );
    }
  }

  private retryDelay(attempt: number): number {
    return retryDelayMs(attempt, this.settings.retryBaseMs, this.settings.retryMaxMs);
  }

  private wasDelivered(eventId: string, endpoint: string): boolean {
    return this.deliveries
      .all()
      .some((d) => d.event_id === eventId && d.endpoint === endpoint && d.status === 'succeeded');
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: unknown }).cause;
    return cause instanceof Error ? `${error.message}: ${cause.message}` : error.message;
  }
  return String(error);
}
