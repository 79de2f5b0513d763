import { createHmac, randomBytes } from 'node:crypto';

import Stripe from 'stripe';

import { api } from './api';
import { stackQueue } from './queues';

/** The run's webhook signing secret and Stripe sandbox (set by `npm test`). */
export function stripeTestSettings() {
  const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET;
  const apiUrl = process.env.STRIPE_API_URL;
  if (!webhookSecret || !apiUrl)
    throw new Error('STRIPE_WEBHOOK_SECRET and STRIPE_API_URL must point at the stack under test');
  return { webhookSecret, apiUrl };
}

/** The SDK against the run's sandbox, as the payments service uses it. */
export function sandboxStripe() {
  const api = new URL(stripeTestSettings().apiUrl);
  return new Stripe('sk_test_kitty_integration', {
    host: api.hostname,
    port: Number(api.port),
    protocol: api.protocol.replace(':', '') as 'http',
  });
}

export interface DeliveryAttempt {
  event_id: string;
  endpoint: string;
  event_type: string;
  status: 'succeeded' | 'failed';
  response_status: number | null;
}

/** The sandbox's log of its webhook deliveries of one event, newest first. */
export async function sandboxDeliveries(eventId: string): Promise<DeliveryAttempt[]> {
  const url = new URL('/_sandbox/deliveries', stripeTestSettings().apiUrl);
  url.searchParams.set('event_id', eventId);
  const response = await fetch(url);
  return ((await response.json()) as { data: DeliveryAttempt[] }).data;
}

/** StripeEventQueue.name of libs/contracts/src/payments/events.ts (the test project imports no library). */
const STRIPE_EVENT_QUEUE = 'payments-stripe-events';

/** The queue the gateway puts verified events on, to see what it accepted. */
export function stripeEventQueue() {
  return stackQueue(STRIPE_EVENT_QUEUE);
}

/** A `checkout.session.completed` event as Stripe would send it: pretty-printed, with a fresh id. */
export function checkoutCompletedEvent(eventId: string, sessionId: string, amountPence = 500_000) {
  const event = {
    id: eventId,
    object: 'event',
    type: 'checkout.session.completed',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        status: 'complete',
        payment_status: 'paid',
        amount_total: amountPence,
        currency: 'gbp',
      },
    },
  };
  return JSON.stringify(event, null, 2);
}

const hmac = (secret: string, timestamp: number, body: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A header exactly as Stripe builds it; the test decides what it signs, with which secret and when. */
export const stripeSignature = (secret: string, body: string, timestamp = nowSeconds()) =>
  `t=${timestamp},v1=${hmac(secret, timestamp, body)}`;

/** A tampered body that is not actually different would be a genuine delivery, not a forgery. */
function differentFrom(original: string, tampered: string) {
  if (tampered === original) throw new Error('the tampered body equals the signed one');
  return tampered;
}

export interface ForgedDelivery {
  kind: string;
  body: string;
  signature: string | undefined;
}

/**
 * The ways an attacker (or a replayer) can get a delivery wrong: no or malformed header, a guessed or
 * foreign signature, a genuine signature over other bytes or another time, and genuine but stale ones.
 * `secret` is the real one: the stale and tampered kinds use it, so only the check itself can refuse them.
 */
export function forgedDelivery(index: number, body: string, secret: string): ForgedDelivery {
  const now = nowSeconds();
  const kinds: (() => Omit<ForgedDelivery, 'kind'> & { kind: string })[] = [
    () => ({ kind: 'no header', body, signature: undefined }),
    () => ({ kind: 'random v1', body, signature: `t=${now},v1=${randomBytes(32).toString('hex')}` }),
    () => ({
      kind: 'another secret',
      body,
      signature: stripeSignature(`whsec_${randomBytes(24).toString('hex')}`, body),
    }),
    () => ({
      kind: 'stale (5 min 1 s to 2 h old)',
      body,
      signature: stripeSignature(secret, body, now - 301 - (index % 7200)),
    }),
    () => ({
      kind: 'body changed after signing',
      body: differentFrom(
        body,
        body.replace(
          /"amount_total": (\d+)/,
          (_match, amount: string) => `"amount_total": ${Number(amount) + 1}`,
        ),
      ),
      signature: stripeSignature(secret, body),
    }),
    () => ({
      kind: 'body re-serialised',
      body: differentFrom(body, JSON.stringify(JSON.parse(body))),
      signature: stripeSignature(secret, body),
    }),
    () => ({
      kind: 'signature moved to a new timestamp',
      body,
      signature: `t=${now},v1=${hmac(secret, now - 600, body)}`,
    }),
    () => ({ kind: 'v0 scheme only', body, signature: `t=${now},v0=${hmac(secret, now, body)}` }),
    () => ({ kind: 'no timestamp', body, signature: `v1=${hmac(secret, now, body)}` }),
    () => ({ kind: 'secret without whsec_ prefix', body, signature: stripeSignature(secret.slice(6), body) }),
  ];
  return kinds[index % kinds.length]();
}

/** The Connect endpoint's signing secret (connected accounts' events), set by `npm test`. */
export function connectWebhookSecret(): string {
  const secret = process.env.STRIPE_CONNECT_WEBHOOK_SECRET;
  if (!secret) throw new Error('STRIPE_CONNECT_WEBHOOK_SECRET must be the stack under test’s');
  return secret;
}

/** A delivery to the platform's endpoint, or with `connect` to the Connect endpoint. */
export function deliverWebhook(body: string, signature: string | undefined, { connect = false } = {}) {
  return api<{ status?: number; received?: boolean }>(`/api/webhooks/stripe${connect ? '/connect' : ''}`, {
    method: 'POST',
    rawBody: body,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature !== undefined && { 'stripe-signature': signature }),
    },
  });
}
