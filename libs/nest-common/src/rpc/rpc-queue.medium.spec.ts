import { randomUUID } from 'node:crypto';

import { defineRpc, type Problem } from '@kitty/contracts';
import type { MessageHandler } from '@nestjs/microservices';
import { Redis } from 'ioredis';
import { firstValueFrom } from 'rxjs';
import { z } from 'zod';

import { RpcKeys } from './queue-keys';
import { RpcQueueClient } from './rpc-queue-client';
import { RpcQueueServer, takingRedis } from './rpc-queue-server';

/**
 * The request queues on the real Redis, with three replicas of one service in this process: each request
 * is handled exactly once, load spreads, a replica that dies mid-request is answered for, and nothing
 * leaks across key prefixes.
 */
// eslint-disable-next-line no-restricted-properties -- npm test points medium tests at its run's Redis here.
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const Work = defineRpc('pots.test-work.v1', z.object({ n: z.number() }), z.object({ n: z.number() }));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Replica {
  server: RpcQueueServer;
  handled: number[];
}

async function startReplica(prefix: string, handle: (n: number) => Promise<unknown>): Promise<Replica> {
  const server = new RpcQueueServer({
    redisUrl: REDIS_URL,
    prefix,
    service: 'pots',
    heartbeatMs: 100,
    aliveTtlMs: 300,
  });
  const handled: number[] = [];
  const handler = (async (data: { n: number }) => {
    handled.push(data.n);
    return handle(data.n);
  }) as MessageHandler;
  server.addHandler(Work.pattern, handler);
  await server.listen(() => undefined);
  return { server, handled };
}

function call(client: RpcQueueClient, n: number): Promise<unknown> {
  return firstValueFrom(client.send(Work.pattern, { n }));
}

describe('RPC over Redis request queues (real Redis, 3 replicas)', () => {
  let prefix: string;
  let client: RpcQueueClient;
  let replicas: Replica[] = [];
  const redis = new Redis(REDIS_URL);

  beforeEach(async () => {
    prefix = `rpc-test-${randomUUID().slice(0, 8)}`;
    client = new RpcQueueClient({ redisUrl: REDIS_URL, prefix, timeoutMs: 2000 });
    await client.connect();
  });

  afterEach(async () => {
    await Promise.all(replicas.map(({ server }) => server.close()));
    replicas = [];
    await client.close();
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
  });

  afterAll(() => redis.quit());

  it('runs each of 300 requests exactly once and spreads them over the replicas', async () => {
    replicas = await Promise.all(
      [1, 2, 3].map(() => startReplica(prefix, async (n) => (await sleep(2), { n }))),
    );

    const replies = await Promise.all(Array.from({ length: 300 }, (_, n) => call(client, n)));

    expect(replies).toEqual(Array.from({ length: 300 }, (_, n) => ({ n })));
    const all = replicas.flatMap(({ handled }) => handled).sort((a, b) => a - b);
    expect(all).toEqual(Array.from({ length: 300 }, (_, n) => n));
    for (const { handled } of replicas) {
      expect(handled.length).toBeGreaterThanOrEqual(45);
      expect(handled.length).toBeLessThanOrEqual(150);
    }
  });

  it('takes a backlog oldest first in one command, up to the count asked', async () => {
    const taking = takingRedis(REDIS_URL);
    const keys = new RpcKeys(prefix, REDIS_URL);
    const [queue, taken] = [keys.requests('pots'), keys.taken('pots', 'replica-a')];
    try {
      await redis.lpush(queue, 'r1', 'r2', 'r3', 'r4', 'r5'); // r1 is the oldest
      expect(await taking.takeMore(queue, taken, 3)).toEqual(['r1', 'r2', 'r3']);
      expect(await redis.lrange(queue, 0, -1)).toEqual(['r5', 'r4']);
      expect(await redis.lrange(taken, 0, -1)).toEqual(['r3', 'r2', 'r1']);
      expect(await taking.takeMore(queue, taken, 15)).toEqual(['r4', 'r5']);
      expect(await taking.takeMore(queue, taken, 15)).toEqual([]);
    } finally {
      taking.disconnect();
    }
  });

  it('answers the callers of a replica that died mid-request with a 503, and never runs them again', async () => {
    // Would answer only after every caller's deadline.
    const doomed = await startReplica(prefix, async (n) => (await sleep(2500), { n }));
    const calls = [1, 2, 3].map((n) => call(client, n).catch((error: unknown) => error));
    await sleep(150);
    // Dies without draining: its heartbeat stops and its connections drop, as under SIGKILL.
    (doomed.server as unknown as { timers: NodeJS.Timeout[] }).timers.forEach(clearInterval);
    for (const connection of doomed.server.unwrap<Redis[]>()) connection.disconnect();
    const survivor = await startReplica(prefix, async (n) => ({ n }));
    replicas = [survivor, doomed];
    const started = Date.now();

    const answers = await Promise.all(calls);

    expect(Date.now() - started).toBeLessThan(2000);
    expect(answers).toEqual([1, 2, 3].map(() => expect.objectContaining({ status: 503 } as Problem)));
    expect(doomed.handled.sort()).toEqual([1, 2, 3]);
    expect(survivor.handled).toEqual([]);
    expect(await redis.llen(new RpcKeys(prefix, REDIS_URL).taken('pots', doomed.server.replicaId))).toBe(0);
  });

  it('answers the caller of work a replica said it was running, past the deadline, once that replica dies', async () => {
    // Running past the caller's deadline: the caller was told so and waits beyond it.
    const doomed = await startReplica(prefix, async (n) => (await sleep(5_000), { n }));
    const answer = call(client, 4).catch((error: unknown) => error);
    await sleep(2_300);
    (doomed.server as unknown as { timers: NodeJS.Timeout[] }).timers.forEach(clearInterval);
    for (const connection of doomed.server.unwrap<Redis[]>()) connection.disconnect();
    const survivor = await startReplica(prefix, async (n) => ({ n }));
    replicas = [survivor, doomed];
    const killed = Date.now();

    expect(await answer).toMatchObject({ status: 503 });
    // The survivor's sweep (alive TTL plus one heartbeat), not the caller's running limit of 30 s.
    expect(Date.now() - killed).toBeLessThan(3_000);
    expect(survivor.handled).toEqual([]);
  });

  it('leaves a replica that is slow but connected to answer what it took, even past its heartbeat', async () => {
    // A starved CPU delays the heartbeat's timer; the replica still holds its connections and answers.
    const slow = await startReplica(prefix, async (n) => (await sleep(800), { n }));
    const calls = [1, 2].map((n) => call(client, n).catch((error: unknown) => error));
    await sleep(150);
    (slow.server as unknown as { timers: NodeJS.Timeout[] }).timers.forEach(clearInterval);
    await redis.del(new RpcKeys(prefix, REDIS_URL).alive('pots', slow.server.replicaId));
    const survivor = await startReplica(prefix, async (n) => ({ n }));
    replicas = [survivor, slow];

    expect(await Promise.all(calls)).toEqual([{ n: 1 }, { n: 2 }]);
    expect(slow.handled.sort()).toEqual([1, 2]);
    expect(survivor.handled).toEqual([]);
  });

  it('drops a request whose caller has already given up, unrun', async () => {
    const hurried = new RpcQueueClient({ redisUrl: REDIS_URL, prefix, timeoutMs: 50 });
    await hurried.connect();
    const late = call(hurried, 7).catch((error: unknown) => error);
    await sleep(100);
    const replica = await startReplica(prefix, async (n) => ({ n }));
    replicas = [replica];

    await expect(call(client, 8)).resolves.toEqual({ n: 8 });
    expect(replica.handled).toEqual([8]);
    await hurried.close();
    await late;
  });

  it('waits for work a replica started, even past the deadline: work that happened is answered', async () => {
    const replica = await startReplica(prefix, async (n) => (await sleep(3_000), { n }));
    replicas = [replica];
    await expect(call(client, 5)).resolves.toEqual({ n: 5 });
    expect(replica.handled).toEqual([5]);
  });

  it('answers 503 once no replica started a request by its deadline, and the request never runs', async () => {
    const hurried = new RpcQueueClient({ redisUrl: REDIS_URL, prefix, timeoutMs: 300 });
    await hurried.connect();
    const refused = await call(hurried, 6).catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 503, title: 'Service unavailable' });
    const replica = await startReplica(prefix, async (n) => ({ n }));
    replicas = [replica];
    await expect(call(client, 9)).resolves.toEqual({ n: 9 });
    expect(replica.handled).toEqual([9]);
    await hurried.close();
  });

  it('answers a reply JSON cannot carry with an error, and goes on serving', async () => {
    const replica = await startReplica(prefix, async (n) => (n === 1 ? { n: BigInt(n) } : { n }));
    replicas = [replica];

    const started = Date.now();
    await expect(call(client, 1)).rejects.toBeDefined();
    expect(Date.now() - started).toBeLessThan(1000);
    await expect(call(client, 2)).resolves.toEqual({ n: 2 });
  });

  it('keeps stacks on different prefixes apart', async () => {
    const other = await startReplica(`${prefix}-other`, async () => ({ n: -1 }));
    const own = await startReplica(prefix, async (n) => ({ n }));
    replicas = [other, own];

    await expect(call(client, 5)).resolves.toEqual({ n: 5 });
    expect(other.handled).toEqual([]);
  });

  it('finishes what it took before a drain resolves, and takes nothing after', async () => {
    const replica = await startReplica(prefix, async (n) => (await sleep(200), { n }));
    replicas = [replica];
    const inFlight = call(client, 1);
    await sleep(50);

    await replica.server.drain();
    await expect(inFlight).resolves.toEqual({ n: 1 });
    const queued = call(client, 2).catch((error: unknown) => error);
    await sleep(700);
    expect(replica.handled).toEqual([1]);
    replicas = [...replicas, await startReplica(prefix, async (n) => ({ n }))];
    await expect(queued).resolves.toEqual({ n: 2 });
  });
});
