import 'reflect-metadata';

import { shutdownOnSignals, startOnlyWithTrustedServers } from '@kitty/nest-common';
import { Logger } from 'nestjs-pino';
import { collectDefaultMetrics, register } from 'prom-client';

import { loadGatewayConfig } from './config';
import { createGateway } from './create-gateway';
import { createOpsServer } from './ops/ops-server';

async function main() {
  const config = loadGatewayConfig();
  await startOnlyWithTrustedServers('gateway', {
    redisUrl: config.REDIS_URL,
    databaseUrl: config.DATABASE_URL,
  });
  register.setDefaultLabels({ service: 'gateway' });
  collectDefaultMetrics();
  const app = await createGateway(config);
  const ops = await createOpsServer(config);
  // The operator server stops with the gateway (after its drain), so one SIGTERM closes both.
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onClose', async () => void (await ops.close()));
  await app.listen(config.HTTP_PORT, '0.0.0.0');
  await ops.listen({ port: config.OPS_HTTP_PORT, host: '0.0.0.0' });
  app.get(Logger).log(`Operator surface (queues, metrics) on port ${config.OPS_HTTP_PORT}`);
  shutdownOnSignals(app, { graceMs: config.SHUTDOWN_GRACE_MS, logger: app.get(Logger) });
}

void main();
