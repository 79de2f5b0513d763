import { StripeEventJob, StripeEventQueue } from '@kitty/contracts';
import { ProblemError, QueueRegistry } from '@kitty/nest-common';
import { Inject, Injectable } from '@nestjs/common';
import Stripe from 'stripe';

import { GATEWAY_CONFIG, type GatewayConfig } from '../config';

const [STRIPE_EVENT_RECEIVED] = StripeEventQueue.jobs;

const invalidWebhook = () =>
  ProblemError.of(400, 'Invalid webhook', 'The Stripe-Signature header does not match the request body.');

/**
 * Intake of Stripe's webhook deliveries: nothing is believed before the signature is checked, and nothing
 * is done here but queueing, so Stripe gets its 2xx fast and the payments worker does the work (re-reading
 * the object from Stripe, idempotently).
 */
@Injectable()
export class StripeWebhookService {
  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: Pick<GatewayConfig, 'STRIPE_WEBHOOK_SECRET'>,
    private readonly queues: QueueRegistry,
  ) {}

  async receive(rawBody: string | undefined, signature: string | undefined) {
    const event = this.verify(rawBody, signature);
    // Issuing's real-time `issuing_authorization.request` will need its approve/decline decision in this
    // response instead of a queued job: that is where it branches off, after verification.
    await this.enqueue(event);
    return { received: true as const };
  }

  /** The event, when the signature is Stripe's over these exact bytes and within its 5-minute tolerance. */
  private verify(rawBody: string | undefined, signature: string | undefined): Stripe.Event {
    if (rawBody === undefined || typeof signature !== 'string') throw invalidWebhook();
    try {
      return Stripe.webhooks.constructEvent(rawBody, signature, this.config.STRIPE_WEBHOOK_SECRET);
    } catch {
      throw invalidWebhook();
    }
  }

  /** One job per event id: a redelivered event is the same job, however often Stripe sends it. */
  private async enqueue(event: Stripe.Event) {
    const job = StripeEventJob.safeParse({
      eventId: event.id,
      type: event.type,
      account: event.account ?? null,
      objectId: objectIdOf(event),
      receivedAt: new Date().toISOString(),
    });
    if (!job.success) throw invalidWebhook();
    await this.queues.addBulk(StripeEventQueue.name, [
      { id: job.data.eventId, name: STRIPE_EVENT_RECEIVED, data: job.data },
    ]);
  }
}

function objectIdOf(event: Stripe.Event): string | null {
  const id: unknown = (event.data as { object?: { id?: unknown } } | undefined)?.object?.id;
  return typeof id === 'string' ? id : null;
}
