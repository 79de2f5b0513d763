import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { z } from 'zod';

import { requestParams } from '../core/api';
import { formInt, parseParams } from '../core/params';
import { PublicUrl } from '../core/public-url';
import { StripeApiError } from '../core/stripe-error';
import { Scheduler } from '../scheduler/scheduler';
import { SandboxStore } from '../store/store';
import { WebhookDeliveryService } from '../webhooks/webhook-delivery.service';

type WithId = { Params: { id: string } };

const deliveriesParams = z.strictObject({
  event_id: z.string().min(1).optional(),
  event_type: z.string().min(1).optional(),
  endpoint: z.string().min(1).optional(),
  status: z.enum(['succeeded', 'failed']).optional(),
  limit: formInt().pipe(z.number().int().min(1).max(5000)).default(100),
});

const resendParams = z.strictObject({ endpoint: z.url().optional() });

export interface SandboxRoutesDeps {
  store: SandboxStore;
  scheduler: Scheduler;
  webhooks: WebhookDeliveryService;
  publicUrl: PublicUrl;
}

/**
 * Debug and test endpoints that real Stripe does not have (no API key needed): health, the webhook
 * delivery log, holding deliveries back, and redelivery of an event.
 */
export function registerSandboxRoutes(app: FastifyInstance, deps: SandboxRoutesDeps): void {
  void app.register(
    async (sandbox) => {
      sandbox.setErrorHandler((error: Error, _request, reply) => {
        const status = error instanceof StripeApiError ? error.statusCode : 500;
        const body = error instanceof StripeApiError ? error.toJSON() : { error: { message: error.message } };
        return reply.code(status).send(body);
      });

      sandbox.get('/health', () => ({
        status: 'ok',
        livemode: false,
        api_version: Stripe.API_VERSION,
        public_url: deps.publicUrl.get(),
        webhook_endpoints: deps.webhooks.endpoints,
        objects: deps.store.counts(),
        pending_jobs: deps.scheduler.pending().length,
        deliveries_paused: deps.webhooks.paused,
      }));

      sandbox.get('/deliveries', (request) => {
        const filter = parseParams(deliveriesParams, requestParams(request));
        const data = deps.webhooks.deliveries
          .newestFirst()
          .filter(
            (delivery) =>
              (filter.event_id === undefined || delivery.event_id === filter.event_id) &&
              (filter.event_type === undefined || delivery.event_type === filter.event_type) &&
              (filter.endpoint === undefined || delivery.endpoint === filter.endpoint) &&
              (filter.status === undefined || delivery.status === filter.status),
          )
          .slice(0, filter.limit);
        return { object: 'list', data };
      });

      // Holding and releasing automatic deliveries (WebhookDeliveryService.pauseDeliveries).
      sandbox.post('/deliveries/pause', () => {
        deps.webhooks.pauseDeliveries();
        return { paused: true };
      });
      sandbox.post('/deliveries/resume', () => ({
        paused: false,
        released: deps.webhooks.resumeDeliveries(),
      }));

      sandbox.post<WithId>('/events/:id/resend', (request, reply) => {
        const { endpoint } = parseParams(resendParams, requestParams(request));
        const endpoints = deps.webhooks.resend(request.params.id, endpoint);
        return reply.code(202).send({ event_id: request.params.id, endpoints });
      });
    },
    { prefix: '/_sandbox' },
  );
}
