import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';

import { defineJob, defineQueue, defineRpc } from '@kitty/contracts';
import {
  Controller,
  Get,
  Inject,
  Logger,
  Module,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { z } from 'zod';

import { bootstrapService } from './bootstrap';
import { currentRequestId } from './context';
import { ProblemError } from './errors';
import { loggerModule } from './logging';
import { renderMetrics } from './metrics';
import { handleJob, QueueRegistry, startQueueWorker } from './queue';
import { RpcClient, RpcHandler, RpcModule } from './rpc';
import { isShuttingDown, shutdownGracefully } from './shutdown';

/**
 * One small service built the way every Kitty service is (bootstrapService, loggerModule, RpcModule,
 * QueueRegistry, startQueueWorker) on the real Redis: an HTTP route calls an RPC whose handler queues a
 * job, so a request id can be followed from the HTTP edge through Redis into a worker.
 */
// eslint-disable-next-line no-restricted-properties -- npm test points medium tests at its run's Redis here.
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const run = randomUUID().slice(0, 8);
const PREFIX = `obs-test-${run}`;
// The probe answers as 'notifications' (every pattern belongs to a service), on its own key prefix.
const EchoPayload = z.object({ value: z.number(), delayMs: z.number().default(0) }).strict();
const EchoReply = z.object({ requestId: z.string().optional() });
const Echo = defineRpc(`notifications.${run}.echo.v1`, EchoPayload, EchoReply);
const Slow = defineRpc(`notifications.${run}.slow.v1`, EchoPayload, EchoReply);
const Refuse = defineRpc(`notifications.${run}.refuse.v1`, z.object({}), z.unknown());
const ECHO = Echo.pattern;
const REFUSE = Refuse.pattern;
const TestQueue = defineQueue(`observability-test-${run}`, ['observability-test.work.v1']);
const Work = defineJob(
  TestQueue,
  'observability-test.work.v1',
  z.object({ value: z.number(), delayMs: z.number() }).strict(),
);

const logLines: Record<string, unknown>[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean))
      logLines.push(JSON.parse(line) as Record<string, unknown>);
    done();
  },
});
const jobsSeen: { data: unknown; requestId?: string }[] = [];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

class RegistryCloser implements OnApplicationShutdown {
  constructor(@Inject(QueueRegistry) private readonly queues: QueueRegistry) {}

  onApplicationShutdown() {
    return this.queues.close();
  }
}

@Controller()
class ProbeController implements OnApplicationBootstrap {
  private readonly logger = new Logger('Probe');

  constructor(
    private readonly rpc: RpcClient,
    @Inject(QueueRegistry) private readonly queues: QueueRegistry,
  ) {}

  onApplicationBootstrap() {
    startQueueWorker(
      TestQueue,
      [
        handleJob(Work, async (payload) => {
          await sleep(payload.delayMs);
          jobsSeen.push({ data: payload, requestId: currentRequestId() });
          this.logger.log('job ran');
        }),
      ],
      { redisUrl: REDIS_URL, prefix: PREFIX, concurrency: 2 },
    );
  }

  @Get('echo')
  echo() {
    return this.rpc.call(Echo, { value: 7 });
  }

  @Get('slow')
  async slow() {
    await sleep(600);
    return { done: true };
  }

  @RpcHandler(Echo)
  async handleEcho({ value }: z.output<typeof EchoPayload>) {
    this.logger.log('echo handled');
    await this.queues.addBulk(TestQueue.name, [
      { id: randomUUID(), name: 'observability-test.work.v1', data: { value, delayMs: 0 } },
    ]);
    return { requestId: currentRequestId() };
  }

  @RpcHandler(Refuse)
  refuse(): never {
    throw ProblemError.of(404, 'Not found', 'No such thing.');
  }

  @RpcHandler(Slow)
  async handleSlow({ delayMs }: z.output<typeof EchoPayload>) {
    await sleep(delayMs);
    return { requestId: currentRequestId() };
  }
}

@Module({
  imports: [
    loggerModule('info', 'observability-test', logStream),
    RpcModule.register({ redisUrl: REDIS_URL, prefix: PREFIX }),
  ],
  controllers: [ProbeController],
  providers: [
    { provide: QueueRegistry, useFactory: () => new QueueRegistry(REDIS_URL, PREFIX, [TestQueue]) },
    RegistryCloser,
  ],
})
class ProbeModule {}

describe('observability of a service (real Redis)', () => {
  let app: NestFastifyApplication;
  let base: string;

  beforeAll(async () => {
    app = await bootstrapService(ProbeModule, {
      name: 'notifications',
      httpPort: 0,
      redisUrl: REDIS_URL,
      queuePrefix: PREFIX,
    });
    base = await app.getUrl();
  });

  afterAll(async () => {
    if (!isShuttingDown()) await app.close();
    const registry = new QueueRegistry(REDIS_URL, PREFIX, [TestQueue]);
    await Promise.all(registry.all().map((queue) => queue.obliterate({ force: true })));
    await registry.close();
  });

  it('carries the caller request id from HTTP through RPC into the job and every log line', async () => {
    const response = await fetch(`${base}/echo`, { headers: { 'x-request-id': `test-${run}` } });

    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe(`test-${run}`);
    // The RPC handler ran in the caller's context, and its strict payload schema never saw the id.
    expect(await response.json()).toEqual({ requestId: `test-${run}` });
    await waitFor(() => jobsSeen.length === 1);
    // The worker took the stamp out of the job data and ran the handler under it.
    expect(jobsSeen[0]).toEqual({ data: { value: 7, delayMs: 0 }, requestId: `test-${run}` });
    const messages = logLines
      .filter((line) => line['requestId'] === `test-${run}`)
      .map((line) => line['msg']);
    expect(messages).toEqual(expect.arrayContaining(['echo handled', 'job ran']));
  });

  it('replaces an unusable incoming request id with a fresh one', async () => {
    const response = await fetch(`${base}/slow`, { headers: { 'x-request-id': 'a b<script>' } });

    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('exposes HTTP, RPC, queue and job metrics on /metrics', async () => {
    const metrics = await renderMetrics();

    expect(
      series(metrics, 'http_request_duration_seconds_count', {
        method: 'GET',
        route: '/echo',
        status_code: '200',
      }),
    ).toMatch(/ 1$/);
    expect(series(metrics, 'rpc_client_duration_seconds_count', { pattern: ECHO, outcome: 'ok' })).toMatch(
      / 1$/,
    );
    expect(series(metrics, 'rpc_server_duration_seconds_count', { pattern: ECHO, outcome: 'ok' })).toMatch(
      / 1$/,
    );
    expect(series(metrics, 'queue_jobs', { queue: TestQueue.name, state: 'waiting' })).toMatch(/ 0$/);
    expect(
      series(metrics, 'queue_jobs_processed_total', {
        queue: TestQueue.name,
        job: 'observability-test.work.v1',
        outcome: 'completed',
      }),
    ).toMatch(/ 1$/);
    expect(metrics).toContain('# TYPE ledger_postings_total counter');
    expect(metrics).toContain('# TYPE outbox_backlog gauge');
  });

  it('counts a problem reply and a failed job by their outcome', async () => {
    await expect(app.get(RpcClient).call(Refuse, {})).rejects.toThrow('No such thing.');
    await app
      .get(QueueRegistry)
      .addBulk(TestQueue.name, [
        { id: `bad-${run}`, name: 'observability-test.work.v1', data: { value: 'not a number', delayMs: 0 } },
      ]);
    const failedJobs = { queue: TestQueue.name, job: 'observability-test.work.v1', outcome: 'failed' };
    await waitForAsync(
      async () => series(await renderMetrics(), 'queue_jobs_processed_total', failedJobs) !== undefined,
    );

    const metrics = await renderMetrics();
    expect(
      series(metrics, 'rpc_client_duration_seconds_count', { pattern: REFUSE, outcome: 'problem' }),
    ).toMatch(/ 1$/);
    expect(
      series(metrics, 'rpc_server_duration_seconds_count', { pattern: REFUSE, outcome: 'problem' }),
    ).toMatch(/ 1$/);
  });

  it('on shutdown turns readiness off and lets in-flight HTTP requests, RPC messages and jobs finish', async () => {
    const exit = jest.fn();
    const rpc = app.get(RpcClient);
    const httpRequest = fetch(`${base}/slow`).then((response) => response.json());
    const rpcCall = rpc.call(Slow, { value: 1, delayMs: 600 });
    await app
      .get(QueueRegistry)
      .addBulk(TestQueue.name, [
        { id: `slow-${run}`, name: 'observability-test.work.v1', data: { value: 2, delayMs: 600 } },
      ]);
    await sleep(200);

    const shutdown = shutdownGracefully(app, { graceMs: 10_000, logger: new Logger('test'), exit });
    expect(isShuttingDown()).toBe(true);

    await expect(httpRequest).resolves.toEqual({ done: true });
    await expect(rpcCall).resolves.toEqual({ requestId: expect.any(String) });
    await shutdown;
    expect(exit).toHaveBeenCalledTimes(1);
    expect(jobsSeen).toContainEqual({ data: { value: 2, delayMs: 600 }, requestId: undefined });
    expect(exit).toHaveBeenCalledWith(0);
  });
});

/** The sample line of `name` with these labels (and this service's), if the metrics have one. */
function series(metrics: string, name: string, labels: Record<string, string>) {
  return metrics
    .split('\n')
    .find(
      (line) =>
        line.startsWith(`${name}{`) &&
        Object.entries({ service: 'notifications', ...labels }).every(([key, value]) =>
          line.includes(`${key}="${value}"`),
        ),
    );
}

async function waitForAsync(condition: () => Promise<boolean>, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(20);
  }
}

async function waitFor(condition: () => boolean, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(20);
  }
}
