import type { ServiceName } from '@kitty/contracts';
import type { Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Logger } from 'nestjs-pino';
import { collectDefaultMetrics, register } from 'prom-client';

import { genReqId, instrumentHttp } from '../http';
import { RpcQueueServer, ServiceBusyFilter } from '../rpc';
import { DEFAULT_SHUTDOWN_GRACE_MS, drainOnShutdown, shutdownOnSignals } from '../shutdown';
import { refuseUntrustedServers, UntrustedServerError } from './trusted-connections';

export interface ServiceBootstrapOptions {
  name: ServiceName;
  httpPort: number;
  redisUrl: string;
  /** The service's Postgres (DATABASE_URL), when it owns a schema: checked at start like Redis. */
  databaseUrl?: string;
  /** The deployment's key prefix (QUEUE_PREFIX): RPC queues live under it. */
  queuePrefix: string;
  /** How long SIGTERM may take to drain and close (DEFAULT_SHUTDOWN_GRACE_MS unless set). */
  shutdownGraceMs?: number;
}

/**
 * A Kitty service: a competing consumer of its Redis request queue plus a small HTTP server for /health and
 * /metrics. SIGTERM turns readiness off, lets in-flight RPC messages and jobs finish, runs the shutdown
 * hooks and exits, within the grace period.
 */
export async function bootstrapService(module: Type<unknown>, options: ServiceBootstrapOptions) {
  await startOnlyWithTrustedServers(options.name, options);
  // Every series of this process names it, so one Prometheus job can scrape every service.
  register.setDefaultLabels({ service: options.name });
  collectDefaultMetrics();
  const app = await NestFactory.create<NestFastifyApplication>(module, new FastifyAdapter({ genReqId }), {
    bufferLogs: true,
  });
  const logger = app.get(Logger);
  app.useLogger(logger);
  instrumentHttp(app.getHttpAdapter().getInstance());
  const server = new RpcQueueServer({
    redisUrl: options.redisUrl,
    prefix: options.queuePrefix,
    service: options.name,
  });
  app.connectMicroservice({ strategy: server }).useGlobalFilters(new ServiceBusyFilter());
  await app.startAllMicroservices();
  drainOnShutdown('intake', () => server.drain());
  await app.listen(options.httpPort, '0.0.0.0');
  shutdownOnSignals(app, { graceMs: options.shutdownGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS, logger });
  logger.log(`${options.name} ready (health on :${options.httpPort})`);
  return app;
}

/**
 * Checks the servers' certificates before anything else starts (refuseUntrustedServers); exits 1 with the
 * reason on stderr when one is not trusted.
 */
export async function startOnlyWithTrustedServers(
  name: string,
  servers: { redisUrl: string; databaseUrl?: string },
): Promise<void> {
  try {
    await refuseUntrustedServers(servers);
  } catch (error) {
    if (!(error instanceof UntrustedServerError)) throw error;
    process.stderr.write(`${name}: ${error.message}\n`);
    process.exit(1);
  }
}
