import 'reflect-metadata';

import { shutdownOnSignals } from '@kitty/nest-common';
import { Logger } from 'nestjs-pino';
import { collectDefaultMetrics, register } from 'prom-client';

import { loadGatewayConfig } from './config';
import { createGateway } from './create-gateway';

async function main() {
  const config = loadGatewayConfig();
  register.setDefaultLabels({ service: 'gateway' });
  collectDefaultMetrics();
  const app = await createGateway(config);
  await app.listen(config.HTTP_PORT, '0.0.0.0');
  shutdownOnSignals(app, { graceMs: config.SHUTDOWN_GRACE_MS, logger: app.get(Logger) });
}

void main();
