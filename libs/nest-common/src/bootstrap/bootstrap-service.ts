import type { Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type MicroserviceOptions, Transport } from '@nestjs/microservices';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Logger } from 'nestjs-pino';
import { collectDefaultMetrics } from 'prom-client';

import { redisOptionsFromUrl } from '../redis';

export interface ServiceBootstrapOptions {
  name: string;
  httpPort: number;
  redisUrl: string;
}

/**
 * A Kitty service: a Redis-transport listener for request/reply plus a small HTTP server for /health and
 * /metrics. SIGTERM closes the listener, drains, runs shutdown hooks and exits.
 */
export async function bootstrapService(module: Type<unknown>, options: ServiceBootstrapOptions) {
  collectDefaultMetrics({ labels: { service: options.name } });
  const app = await NestFactory.create<NestFastifyApplication>(module, new FastifyAdapter(), {
    bufferLogs: true,
  });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  app.connectMicroservice<MicroserviceOptions>({
    transport: Transport.REDIS,
    options: redisOptionsFromUrl(options.redisUrl),
  });
  await app.startAllMicroservices();
  await app.listen(options.httpPort, '0.0.0.0');
  app.get(Logger).log(`${options.name} ready (health on :${options.httpPort})`);
  return app;
}
