import { Controller, Headers, HttpCode, Post, Req } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';

import { Public } from '../auth/public.decorator';
import { KEEP_RAW_BODY } from '../http/json-only';
import { StripeWebhookService } from './stripe-webhook.service';

/**
 * Stripe's deliveries: signed, not signed in, and not rate-limited (Stripe retries whatever is refused).
 * Two endpoints, as registered at Stripe: the platform's own events, and connected accounts' events
 * (Connect), each verified with its own signing secret. Left out of the OpenAPI document: the SPA never
 * calls them.
 */
@Controller('webhooks')
@ApiExcludeController()
export class StripeWebhookController {
  constructor(private readonly webhooks: StripeWebhookService) {}

  @Post('stripe')
  @Public()
  @HttpCode(200)
  @RouteConfig(KEEP_RAW_BODY)
  receive(@Req() request: FastifyRequest, @Headers('stripe-signature') signature: string | undefined) {
    return this.webhooks.receive('platform', request.rawBody, signature);
  }

  @Post('stripe/connect')
  @Public()
  @HttpCode(200)
  @RouteConfig(KEEP_RAW_BODY)
  receiveConnect(@Req() request: FastifyRequest, @Headers('stripe-signature') signature: string | undefined) {
    return this.webhooks.receive('connect', request.rawBody, signature);
  }
}
