import { METRICS_CONTENT_TYPE, renderMetrics } from '@kitty/nest-common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';

import type { GatewayConfig } from '../config';
import { operatorLogin } from '../ops/operator-login';

export const METRICS_PATH = '/metrics';

/**
 * Prometheus metrics of the gateway. The gateway is the public entry point, so unlike the internal services
 * its /metrics sits behind the operator login (Prometheus scrapes it with basic auth), outside /api.
 */
export function mountMetrics(app: NestFastifyApplication, config: GatewayConfig): void {
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook(
    'onRequest',
    operatorLogin(METRICS_PATH, { username: config.OPS_USERNAME, password: config.OPS_PASSWORD }),
  );
  fastify.get(METRICS_PATH, async (_request, reply) =>
    reply.type(METRICS_CONTENT_TYPE).send(await renderMetrics()),
  );
}
