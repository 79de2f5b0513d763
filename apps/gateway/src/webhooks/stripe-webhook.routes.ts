import type { FastifyInstance, FastifyRequest } from 'fastify';

import { KEEP_RAW_BODY } from '../http/json-only';
import type { StripeWebhookService, WebhookEndpoint } from './stripe-webhook.service';

/** Stripe's two endpoints, as registered at Stripe: the platform's own events, and connected accounts'. */
export const STRIPE_WEBHOOK_PATHS: Readonly<Record<WebhookEndpoint, string>> = {
  platform: '/api/webhooks/stripe',
  connect: '/api/webhooks/stripe/connect',
};

const signatureOf = (request: FastifyRequest): string | undefined => {
  const header = request.headers['stripe-signature'];
  return typeof header === 'string' ? header : undefined;
};

/**
 * Stripe's deliveries: signed, not signed in, not rate-limited (Stripe retries whatever is refused), and
 * never called by the SPA (so not in the OpenAPI document). Plain Fastify routes, not a Nest controller:
 * Stripe fans events out in bursts, and Nest's route pipeline (guards, interceptors, pipes, parameter
 * decorators: none of which a signed public endpoint needs) was ≈ 14 % of the gateway's CPU per event.
 * Fastify's hooks
 * still apply as on every route (request id, access log and metrics, JSON-only bodies, the body limit,
 * security headers), and what the service throws reaches the gateway's ProblemFilter through Nest's
 * Fastify error handler: refusals are problem+json, as everywhere.
 */
export function registerStripeWebhooks(fastify: FastifyInstance, webhooks: StripeWebhookService): void {
  for (const [endpoint, url] of Object.entries(STRIPE_WEBHOOK_PATHS) as [WebhookEndpoint, string][]) {
    fastify.post(url, { config: KEEP_RAW_BODY }, async (request, reply) => {
      const { body, headers } = await webhooks.receive(endpoint, request.rawBody, signatureOf(request));
      return reply.headers(headers).send(body);
    });
  }
}
