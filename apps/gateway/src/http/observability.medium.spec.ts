import { randomUUID } from 'node:crypto';

import { AuthRpc, EmailQueue, type SignInRequest } from '@kitty/contracts';
import {
  genReqId,
  instrumentHttp,
  loadConfig,
  loggerModule,
  QueueRegistry,
  redisOptionsFromUrl,
  RpcClient,
  RpcKeys,
  RpcModule,
} from '@kitty/nest-common';
import { Body, Controller, HttpCode, Module, Post } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';

import { type GatewayConfig, gatewayConfigSchema } from '../config';
import { createOpsServer } from '../ops/ops-server';
import { ProblemFilter } from './problem.filter';

/**
 * The gateway's HTTP edge as createGateway wires it (request ids, instrumentation, RPC client) and its
 * operator server's /metrics,
 * on the real Redis, with a stand-in for the auth service listening on the sign-in pattern: what reaches
 * the service over the wire, and what the gateway answers and exposes. (createGateway itself loads
 * ESM-only Fastify plugins that Jest cannot.)
 */
// eslint-disable-next-line no-restricted-properties -- npm test points medium tests at its run's Redis here.
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const run = randomUUID().slice(0, 8);
const PREFIX = `gw-obs-${run}`;

@Controller('api/auth')
class SignInController {
  constructor(private readonly rpc: RpcClient) {}

  @Post('sign-in')
  @HttpCode(200)
  signIn(@Body() body: SignInRequest) {
    return this.rpc.call(AuthRpc.signIn, { body, caller: { ip: '127.0.0.1', userAgent: null } });
  }
}

@Module({
  imports: [loggerModule('error', 'gateway'), RpcModule.register({ redisUrl: REDIS_URL, prefix: PREFIX })],
  controllers: [SignInController],
})
class EdgeModule {}

async function createEdge(config: GatewayConfig): Promise<NestFastifyApplication> {
  const app = await NestFactory.create<NestFastifyApplication>(EdgeModule, new FastifyAdapter({ genReqId }), {
    logger: false,
  });
  app.useGlobalFilters(new ProblemFilter(''));
  instrumentHttp(app.getHttpAdapter().getInstance());
  ops = await createOpsServer(config);
  // Queue depth is read from each producer's queues; one here stands for them.
  queues = new QueueRegistry(REDIS_URL, config.QUEUE_PREFIX, [EmailQueue]);
  return app;
}
let queues: QueueRegistry;
let ops: FastifyInstance;

describe('gateway observability (real Redis)', () => {
  let app: NestFastifyApplication;
  let authStandIn: Redis;
  let publisher: Redis;
  const packets: Record<string, unknown>[] = [];
  const config = {
    ...loadConfig(gatewayConfigSchema, {
      HTTP_PORT: '3000',
      QUEUE_PREFIX: PREFIX,
      LOG_LEVEL: 'error',
    }),
    WEB_DIST_DIR: '',
  };
  const opsLogin = `Basic ${Buffer.from(`${config.OPS_USERNAME}:${config.OPS_PASSWORD}`).toString('base64')}`;

  beforeAll(async () => {
    authStandIn = new Redis(redisOptionsFromUrl(REDIS_URL));
    publisher = new Redis(redisOptionsFromUrl(REDIS_URL));
    // The auth service's place in the request queue: takes each request and answers it with a problem.
    void (async () => {
      for (;;) {
        const taken = await authStandIn
          .brpop(new RpcKeys(PREFIX, REDIS_URL).requests('auth'), 0)
          .catch(() => null);
        if (!taken) return;
        const packet = JSON.parse(taken[1]) as Record<string, unknown>;
        packets.push(packet);
        const err = {
          type: 'about:blank',
          status: 401,
          title: 'Unauthorized',
          detail: 'Wrong e-mail or password.',
        };
        await publisher.publish(String(packet['replyTo']), JSON.stringify({ id: packet['id'], err }));
      }
    })();
    app = await createEdge(config);
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  });

  afterAll(async () => {
    await app.close();
    await ops.close();
    await queues.close();
    authStandIn.disconnect();
    publisher.disconnect();
  });

  const signIn = (headers: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'application/json', ...headers },
      payload: { email: `obs-${run}@example.com`, password: 'correct horse battery staple' },
    });

  it('answers with the caller request id and sends it to the service beside, not inside, the payload', async () => {
    const response = await signIn({ 'x-request-id': `gw-${run}` });

    expect(response.statusCode).toBe(401);
    expect(response.headers['x-request-id']).toBe(`gw-${run}`);
    const packet = packets.find((sent) => sent['requestId'] === `gw-${run}`);
    expect(packet).toBeDefined();
    expect(Object.keys(packet?.['data'] as object).sort()).toEqual(['body', 'caller']);
  });

  it('makes up a request id when the caller sends none', async () => {
    const response = await signIn({});

    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(packets.some((sent) => sent['requestId'] === response.headers['x-request-id'])).toBe(true);
  });

  it('serves /metrics on the operator server to the operator login only, never on the public port', async () => {
    expect((await ops.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/metrics' })).statusCode).toBe(404);

    const metrics = await ops.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: opsLogin },
    });

    expect(metrics.statusCode).toBe(200);
    expect(metrics.headers['content-type']).toContain('text/plain');
    expect(metrics.body).toMatch(
      /http_request_duration_seconds_count\{[^}]*method="POST",route="\/api\/auth\/sign-in",status_code="401"[^}]*\} 2/,
    );
    expect(metrics.body).toMatch(
      new RegExp(
        `rpc_client_duration_seconds_count\\{[^}]*pattern="${AuthRpc.signIn.pattern}",outcome="problem"[^}]*\\} 2`,
      ),
    );
    expect(metrics.body).toContain(`queue_jobs{queue="${EmailQueue.name}",state="waiting"}`);
  });
});
