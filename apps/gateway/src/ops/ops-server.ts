import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import { ALL_QUEUES } from '@kitty/contracts';
import { genReqId, METRICS_CONTENT_TYPE, queueConnection, renderMetrics } from '@kitty/nest-common';
import { Queue } from 'bullmq';
import Fastify, { type FastifyInstance } from 'fastify';

import type { GatewayConfig } from '../config';
import { operatorLogin } from './operator-login';

export const QUEUE_DASHBOARD_PATH = '/admin/queues';
export const METRICS_PATH = '/metrics';

type OpsConfig = Pick<GatewayConfig, 'REDIS_URL' | 'QUEUE_PREFIX' | 'OPS_USERNAME' | 'OPS_PASSWORD'>;

/**
 * The operator surface of the gateway — bull-board at /admin/queues (every BullMQ queue of every service,
 * with its retry and clean actions) and the gateway's Prometheus /metrics — on a server of its own that
 * listens on OPS_HTTP_PORT, never on the public port: the Ingress and compose do not expose it.
 *
 * The operator login is an onRequest hook of this whole server, not of chosen URLs: every request it
 * answers, whatever route (or 404) it ends in and however its path is spelt, is checked first. The
 * public gateway has none of these routes, so no spelling of a path there can reach them either.
 */
export async function createOpsServer(config: OpsConfig): Promise<FastifyInstance> {
  const ops = Fastify({ genReqId });
  ops.addHook('onRequest', operatorLogin({ username: config.OPS_USERNAME, password: config.OPS_PASSWORD }));

  const connections = ALL_QUEUES.map((definition) =>
    queueConnection(config.REDIS_URL, config.QUEUE_PREFIX, definition.name),
  );
  const queues = ALL_QUEUES.map((definition, i) => new Queue(definition.name, connections[i]));
  ops.addHook('onClose', async () => {
    await Promise.all(queues.map((queue) => queue.close()));
    await Promise.all(connections.map((connection) => connection.close()));
  });
  const serverAdapter = new FastifyAdapter().setBasePath(QUEUE_DASHBOARD_PATH);
  createBullBoard({
    queues: queues.map((queue) => new BullMQAdapter(queue)),
    serverAdapter,
    options: { uiConfig: { boardTitle: 'Kitty queues' } },
  });
  await ops.register(serverAdapter.registerPlugin(), { prefix: QUEUE_DASHBOARD_PATH });

  // Prometheus scrapes this port with the operator's basic auth.
  ops.get(METRICS_PATH, async (_request, reply) =>
    reply.type(METRICS_CONTENT_TYPE).send(await renderMetrics()),
  );
  await ops.ready();
  return ops;
}
