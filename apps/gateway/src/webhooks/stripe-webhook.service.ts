import {
  AUTHORIZATION_DECISION_BUDGET_MS,
  type AuthorizationDecision,
  CardAuthorizationRpc,
  IssuingJobs,
  PaymentsJobs,
  StripeEventJob,
} from '@kitty/contracts';
import {
  ProblemError,
  QueueRegistry,
  RpcClient,
  STRIPE_API_VERSION,
  stripeWebhookEventsRefused,
} from '@kitty/nest-common';
import { Inject, Injectable, Logger } from '@nestjs/common';
import Stripe from 'stripe';

import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { AUTHORIZATION_REQUEST, decisionRequestOf, issuingJobOf } from './issuing-events';

const invalidWebhook = () =>
  ProblemError.of(400, 'Invalid webhook', 'The Stripe-Signature header does not match the request body.');

const DECLINED: AuthorizationDecision = { approved: false };

/** Which of Stripe's two endpoints a delivery came to: the platform's, or Connect's (connected accounts). */
export type WebhookEndpoint = 'platform' | 'connect';

/** What the gateway answers a delivery with: a body, and the headers that must go with it. */
export interface WebhookReply {
  body: AuthorizationDecision | { received: true };
  headers: Readonly<Record<string, string>>;
}

/**
 * Stripe's contract for the real-time authorisation reply: 200, a JSON body, and `Stripe-Version` (which
 * Stripe requires: a reply without it is a webhook error, and the authorisation falls back to a decline).
 */
export const AUTHORIZATION_REPLY_HEADERS: Readonly<Record<string, string>> = {
  'Stripe-Version': STRIPE_API_VERSION,
  'Content-Type': 'application/json',
};

/**
 * Intake of Stripe's webhook deliveries: nothing is believed before the signature is checked. A card
 * authorisation request is answered in the response (issuing decides; no answer in time is a decline);
 * every other event is only queued, so Stripe gets its 2xx fast and a worker does the work idempotently —
 * issuing's events to issuing, the rest to payments.
 */
@Injectable()
export class StripeWebhookService {
  private readonly logger = new Logger(StripeWebhookService.name);

  constructor(
    @Inject(GATEWAY_CONFIG)
    private readonly config: Pick<GatewayConfig, 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_CONNECT_WEBHOOK_SECRET'>,
    private readonly queues: QueueRegistry,
    private readonly rpc: RpcClient,
  ) {}

  async receive(
    endpoint: WebhookEndpoint,
    rawBody: string | undefined,
    signature: string | undefined,
  ): Promise<WebhookReply> {
    const event = this.verify(endpoint, rawBody, signature);
    this.refuseOtherApiVersion(endpoint, event);
    if (event.type === AUTHORIZATION_REQUEST) {
      return { body: await this.decide(event), headers: AUTHORIZATION_REPLY_HEADERS };
    }
    await this.enqueue(event);
    return { body: { received: true }, headers: {} };
  }

  /**
   * The event, when the signature is Stripe's over these exact bytes and its timestamp is within the
   * 5-minute tolerance on either side of now: the SDK refuses only old timestamps, and a signature dated
   * in the future would stay replayable for as long as it is ahead.
   */
  private verify(
    endpoint: WebhookEndpoint,
    rawBody: string | undefined,
    signature: string | undefined,
  ): Stripe.Event {
    if (rawBody === undefined || typeof signature !== 'string') throw invalidWebhook();
    if (signedInTheFuture(signature, Date.now())) throw invalidWebhook();
    let event: Stripe.Event;
    try {
      event = Stripe.webhooks.constructEvent(
        rawBody,
        signature,
        endpoint === 'connect'
          ? this.config.STRIPE_CONNECT_WEBHOOK_SECRET
          : this.config.STRIPE_WEBHOOK_SECRET,
        SIGNATURE_TOLERANCE_SECONDS,
      );
    } catch {
      throw invalidWebhook();
    }
    // Every Stripe event has an id; without one there is nothing to de-duplicate redeliveries by.
    if (typeof event.id !== 'string' || event.id === '') throw invalidWebhook();
    return event;
  }

  /**
   * Kitty reads events in the shapes of the one API version it pins; Stripe renders each event with the
   * endpoint's version, so an endpoint set to another one would feed it shapes it was never written for.
   * Such an event is refused with a 409 (Stripe retries it for days and shows the endpoint failing, so
   * nothing is lost while it is fixed) and reported to ops: an error log and a counter to alert on. An
   * authorisation request refused this way gets Stripe's timeout fallback, which Kitty sets to decline.
   */
  private refuseOtherApiVersion(endpoint: WebhookEndpoint, event: Stripe.Event): void {
    if (event.api_version === STRIPE_API_VERSION) return;
    stripeWebhookEventsRefused.inc({ endpoint, reason: 'api_version' });
    this.logger.error(
      `Stripe event ${event.id} (${event.type}) on the ${endpoint} endpoint is rendered with API version ${String(event.api_version)}, not ${STRIPE_API_VERSION}: set the endpoint's API version at Stripe to ${STRIPE_API_VERSION}; the event is refused until then`,
    );
    throw ProblemError.of(
      409,
      'Unsupported Stripe API version',
      `This endpoint accepts events of API version ${STRIPE_API_VERSION} only.`,
    );
  }

  /** Approve only on issuing's explicit yes within the budget; any failure or silence declines. */
  private async decide(event: Stripe.Event): Promise<AuthorizationDecision> {
    const command = decisionRequestOf(event);
    if (!command) return DECLINED;
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<AuthorizationDecision>((resolve) => {
      timer = setTimeout(() => {
        this.logger.warn(`Authorisation ${command.authorizationId}: no decision in time, declined`);
        resolve(DECLINED);
      }, AUTHORIZATION_DECISION_BUDGET_MS);
    });
    const decision = this.rpc.call(CardAuthorizationRpc.decide, command).catch((error: unknown) => {
      this.logger.error(`Authorisation ${command.authorizationId}: ${String(error)}, declined`);
      return DECLINED;
    });
    try {
      return await Promise.race([decision, deadline]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * One job per event id: a redelivered event is the same job, however often Stripe sends it. Events
   * arriving together are queued in one Redis transaction (QueueRegistry.add).
   */
  private async enqueue(event: Stripe.Event) {
    const receivedAt = new Date().toISOString();
    const issuingJob = issuingJobOf(event, receivedAt);
    if (issuingJob) {
      await this.queues.add(IssuingJobs.stripeEventReceived, issuingJob.eventId, issuingJob);
      return;
    }
    const job = StripeEventJob.safeParse({
      eventId: event.id,
      type: event.type,
      account: event.account ?? null,
      objectId: objectIdOf(event),
      receivedAt,
    });
    if (!job.success) throw invalidWebhook();
    await this.queues.add(PaymentsJobs.stripeEventReceived, job.data.eventId, job.data);
  }
}

/** How far a signature's timestamp may be from now, either way (Stripe's default tolerance). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** Whether any `t=` of a Stripe-Signature header lies more than the tolerance ahead of `nowMs`. */
export function signedInTheFuture(signature: string, nowMs: number): boolean {
  return signature
    .split(',')
    .map((item) => item.trim().split('='))
    .some(([key, value]) => key === 't' && Number(value) * 1000 > nowMs + SIGNATURE_TOLERANCE_SECONDS * 1000);
}

function objectIdOf(event: Stripe.Event): string | null {
  const id: unknown = (event.data as { object?: { id?: unknown } } | undefined)?.object?.id;
  return typeof id === 'string' ? id : null;
}
