import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import { ALL_QUEUES } from '@kitty/contracts';
import { redisOptionsFromUrl } from '@kitty/nest-common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Queue } from 'bullmq';

import type { GatewayConfig } from '../config';
import { operatorLogin } from './operator-login';

export const QUEUE_DASHBOARD_PATH = '/admin/queues';

/**
 * bull-board at /admin/queues: every BullMQ queue of every service, behind the operator login, with its
 * retry and clean actions — failed jobs (an amount mismatch, a payout Stripe kept refusing) are kept for
 * exactly this: an operator retries them once the cause is fixed.
 */
export async function mountQueueDashboard(app: NestFastifyApplication, config: GatewayConfig) {
  const queues = ALL_QUEUES.map(
    (definition) =>
      new Queue(definition.name, {
        connection: redisOptionsFromUrl(config.REDIS_URL),
        prefix: config.QUEUE_PREFIX,
      }),
  );
  const serverAdapter = new FastifyAdapter().setBasePath(QUEUE_DASHBOARD_PATH);
  createBullBoard({
    queues: queues.map((queue) => new BullMQAdapter(queue)),
    serverAdapter,
    options: { uiConfig: { boardTitle: 'Kitty queues' } },
  });
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook(
    'onRequest',
    operatorLogin(QUEUE_DASHBOARD_PATH, { username: config.OPS_USERNAME, password: config.OPS_PASSWORD }),
  );
  fastify.addHook('onClose', async () => void (await Promise.all(queues.map((queue) => queue.close()))));
  await app.register(serverAdapter.registerPlugin(), { prefix: QUEUE_DASHBOARD_PATH });
}
