import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { createRedis, genReqId, instrumentHttp } from '@kitty/nest-common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { SwaggerModule } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';

import { createAppModule } from './app.module';
import type { GatewayConfig } from './config';
import { allowLargerBodiesWhereConfigured } from './http/body-limit';
import { refuseHostileText } from './http/hostile-input';
import { acceptJsonBodiesOnly } from './http/json-only';
import { buildOpenApiDocument } from './http/openapi';
import { ProblemFilter } from './http/problem.filter';
import { sendSecurityHeaders } from './http/security-headers';
import { cacheControlFor } from './http/static-cache';
import { registerStripeWebhooks } from './webhooks/stripe-webhook.routes';
import { StripeWebhookService } from './webhooks/stripe-webhook.service';

/** Request bodies above this are refused with 413 before they are parsed. */
export const BODY_LIMIT_BYTES = 100 * 1024;

/** The gateway as an application, ready to listen: shared by main, tests and the OpenAPI emitter. */
export async function createGateway(config: GatewayConfig): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    genReqId,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.TRUSTED_PROXIES.length > 0 ? config.TRUSTED_PROXIES : false,
  });
  // Body parsing is ours (see acceptJsonBodiesOnly), not Nest's default parsers.
  const app = await NestFactory.create<NestFastifyApplication>(createAppModule(config), adapter, {
    bufferLogs: true,
    bodyParser: false,
  });
  app.useLogger(app.get(Logger));
  app.setGlobalPrefix('api');
  app.enableCors({ origin: config.WEB_ORIGIN, credentials: true });
  app.useGlobalFilters(new ProblemFilter(config.WEB_DIST_DIR));

  instrumentHttp(app.getHttpAdapter().getInstance());
  acceptJsonBodiesOnly(app.getHttpAdapter().getInstance());
  allowLargerBodiesWhereConfigured(app.getHttpAdapter().getInstance());
  refuseHostileText(app.getHttpAdapter().getInstance());
  await app.register(fastifyCookie);
  sendSecurityHeaders(app.getHttpAdapter().getInstance(), {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // antd injects its CSS-in-JS as <style> elements.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        // Only behind TLS; on http://localhost it would break every asset request.
        upgradeInsecureRequests: config.COOKIE_SECURE ? [] : null,
      },
    },
  });
  const rateLimitStore = createRedis(config.REDIS_URL, { maxRetriesPerRequest: 1 });
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onClose', async () => void rateLimitStore.disconnect());
  await app.register(fastifyRateLimit, {
    global: false,
    max: config.AUTH_RATE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    // Counted in Redis so the limit holds across gateway replicas.
    redis: rateLimitStore,
    nameSpace: `${config.QUEUE_PREFIX}:rate-limit:`,
    skipOnError: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  });
  if (config.WEB_DIST_DIR) {
    await app.register(fastifyStatic, {
      root: config.WEB_DIST_DIR,
      prefix: '/',
      wildcard: false,
      index: 'index.html',
      // The build writes .br and .gz beside each text asset (apps/web/build/precompress.ts).
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, file) => void reply.header('cache-control', cacheControlFor(file)),
    });
  }

  registerStripeWebhooks(app.getHttpAdapter().getInstance(), app.get(StripeWebhookService));

  // bull-board and /metrics are not here: they live on the operator port (ops/ops-server.ts).
  SwaggerModule.setup('api/docs', app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: 'api/docs/openapi.json',
  });
  return app;
}
