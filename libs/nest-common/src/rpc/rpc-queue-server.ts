import { hostname } from 'node:os';

import { isProblem, type Problem, type ServiceName } from '@kitty/contracts';
import { BaseRpcContext, type CustomTransportStrategy, Server } from '@nestjs/microservices';
import { lastValueFrom } from 'rxjs';

import { requestIdFrom, runWithRequestId } from '../context';
import { rpcRequestsDropped, rpcServerDuration } from '../metrics';
import { connectedClientNames, createRedis, type RedisClient, type RedisTuning } from '../redis';
import {
  parseRequestPacket,
  RpcKeys,
  type RpcReplyPacket,
  type RpcRequestPacket,
  type RpcRunningPacket,
} from './queue-keys';

export interface RpcQueueServerOptions {
  redisUrl: string;
  /** The deployment's key prefix (QUEUE_PREFIX). */
  prefix: string;
  /** The service whose queue this replica takes requests from. */
  service: ServiceName;
  /** Most requests this replica handles at once; it takes no more until one is answered. */
  concurrency?: number;
  /** How often the replica says it is alive, and how long that lasts without being said again. */
  heartbeatMs?: number;
  aliveTtlMs?: number;
}

/** How long one blocking take waits before looking at the stop flag again (seconds). */
const TAKE_BLOCK_SECONDS = 0.5;
/** At most this many requests are taken in one round trip when the queue is backed up. */
const TAKE_BATCH = 16;
/** A request with less than this left before its deadline is dropped unrun rather than started. */
const START_MARGIN_MS = 250;
/** How long before the deadline a request still running says so (well before the caller gives up). */
const RUNNING_NOTICE_LEAD_MS = 1_500;

/**
 * Moves up to ARGV[1] requests from the queue (KEYS[1]) to the replica's taken list (KEYS[2]) in one
 * command: as LMOVEs pipelined behind the blocking take, each one asked for beyond what the queue held was
 * a command Redis ran and a reply this process parsed for nothing (15 per request when requests arrive
 * one at a time).
 */
const TAKE_MORE = `local taken = {}
for i = 1, tonumber(ARGV[1]) do
  local request = redis.call('LMOVE', KEYS[1], KEYS[2], 'RIGHT', 'LEFT')
  if not request then break end
  taken[i] = request
end
return taken`;

export type TakingRedis = RedisClient & {
  takeMore(queue: string, taken: string, count: number): Promise<string[]>;
};

/** A connection that can run TAKE_MORE as `takeMore(queue, taken, count)`, by its hash after the first call. */
export function takingRedis(redisUrl: string, tuning: RedisTuning = {}): TakingRedis {
  const redis = createRedis(redisUrl, tuning) as TakingRedis;
  redis.defineCommand('takeMore', { numberOfKeys: 2, lua: TAKE_MORE });
  return redis;
}

export class RpcQueueContext extends BaseRpcContext<[string]> {
  getPattern(): string {
    return this.args[0];
  }
}

/** What a caller whose request died with its replica is told (the gateway renders it as a 503). */
const REPLICA_LOST: Problem = {
  type: 'about:blank',
  status: 503,
  title: 'Service unavailable',
  detail: 'Please try again in a moment.',
};

/**
 * Request/reply with competing consumers: every replica of a service takes requests from the service's
 * one Redis list with BLMOVE, so each request is handled by exactly one live replica and load spreads
 * over them (Redis serves blocked takers in turn). A taken request is kept in the replica's `taken` list
 * until answered; when a replica dies, another finds its heartbeat gone and its connections closed and
 * answers those callers with a 503 problem instead of running them again: a command runs at most once. Requests whose caller has
 * already given up (deadline passed) are dropped unrun.
 *
 * Handlers stay `@MessagePattern` (via `@RpcHandler`); the handler's reply or problem is sent once to the
 * caller's own reply channel.
 */
export class RpcQueueServer extends Server implements CustomTransportStrategy {
  private readonly keys: RpcKeys;
  private readonly replica = `${hostname()}-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  private readonly concurrency: number;
  private readonly heartbeatMs: number;
  private readonly aliveTtlMs: number;
  private readonly inFlight = new Set<Promise<void>>();
  private slotFreed?: () => void;
  private commands?: RedisClient;
  private blocking?: TakingRedis;
  private takeLoop?: Promise<void>;
  private timers: NodeJS.Timeout[] = [];
  private stopping = false;

  constructor(private readonly options: RpcQueueServerOptions) {
    super();
    this.keys = new RpcKeys(options.prefix, options.redisUrl);
    this.concurrency = options.concurrency ?? 64;
    this.heartbeatMs = options.heartbeatMs ?? 1000;
    this.aliveTtlMs = options.aliveTtlMs ?? 3000;
  }

  get replicaId(): string {
    return this.replica;
  }

  async listen(callback: (...optionalParams: unknown[]) => unknown): Promise<void> {
    const { redisUrl, service } = this.options;
    const connectionName = this.keys.connectionName(service, this.replica);
    // Replies of requests finishing together leave in one write (the blocking connection must not).
    this.commands = createRedis(redisUrl, { connectionName, enableAutoPipelining: true });
    this.blocking = takingRedis(redisUrl, { connectionName });
    for (const client of [this.commands, this.blocking])
      client.on('error', (error: Error) => this.logger.error(`RPC Redis connection: ${error.message}`));
    await this.heartbeat();
    this.timers = [
      setInterval(() => void this.heartbeat().catch(() => undefined), this.heartbeatMs),
      setInterval(() => void this.answerForLostReplicas().catch(() => undefined), this.heartbeatMs),
    ];
    this.timers.forEach((timer) => timer.unref());
    this.takeLoop = this.takeUntilStopped();
    callback();
  }

  /** Stops taking requests and resolves once every request already taken has been answered. */
  async drain(): Promise<void> {
    this.stopping = true;
    await this.takeLoop;
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
    this.timers.forEach((timer) => clearInterval(timer));
    this.timers = [];
    const { service } = this.options;
    await this.commands
      ?.multi()
      .del(this.keys.alive(service, this.replica))
      .srem(this.keys.replicas(service), this.replica)
      .exec()
      .catch(() => undefined);
  }

  async close(): Promise<void> {
    await this.drain();
    this.commands?.disconnect();
    this.blocking?.disconnect();
  }

  on(): never {
    throw new Error('RpcQueueServer emits no events');
  }

  unwrap<T>(): T {
    return [this.commands, this.blocking] as T;
  }

  private async heartbeat(): Promise<void> {
    const { service } = this.options;
    await this.commands
      ?.multi()
      .set(this.keys.alive(service, this.replica), '1', 'PX', this.aliveTtlMs)
      .sadd(this.keys.replicas(service), this.replica)
      .exec();
  }

  private async takeUntilStopped(): Promise<void> {
    while (!this.stopping) {
      while (this.inFlight.size >= this.concurrency && !this.stopping)
        await new Promise<void>((resolve) => (this.slotFreed = resolve));
      if (this.stopping) break;
      let taken: string[];
      try {
        taken = await this.take(Math.min(TAKE_BATCH, this.concurrency - this.inFlight.size));
      } catch (error) {
        if (this.stopping) break;
        this.logger.error(`Taking RPC requests failed: ${(error as Error).message}`);
        await new Promise((resolve) => setTimeout(resolve, 500));
        continue;
      }
      for (const raw of taken) this.track(this.handle(raw));
    }
  }

  /** One blocking take plus, in the same round trip, whatever else is already waiting (up to `count`). */
  private async take(count: number): Promise<string[]> {
    const { service } = this.options;
    const from = this.keys.requests(service);
    const to = this.keys.taken(service, this.replica);
    const pipeline = this.blocking!.pipeline().blmove(from, to, 'RIGHT', 'LEFT', TAKE_BLOCK_SECONDS);
    if (count > 1) (pipeline as unknown as TakingRedis).takeMore(from, to, count - 1);
    const results = (await pipeline.exec()) ?? [];
    const taken: string[] = [];
    for (const [error, value] of results) {
      if (error) throw error;
      if (typeof value === 'string') taken.push(value);
      else if (Array.isArray(value)) taken.push(...(value as string[]));
    }
    return taken;
  }

  private track(work: Promise<void>): void {
    // A request that fails outside its handler (a reply that cannot be serialised, say) is logged: an
    // unhandled rejection would end the process and every request in flight with it.
    const settled = work
      .catch((error: unknown) =>
        this.logger.error(
          `Handling an RPC request failed: ${error instanceof Error ? error.message : error}`,
        ),
      )
      .finally(() => {
        this.inFlight.delete(settled);
        this.slotFreed?.();
      });
    this.inFlight.add(settled);
  }

  private async handle(raw: string): Promise<void> {
    const taken = this.keys.taken(this.options.service, this.replica);
    const packet = parseRequestPacket(raw);
    // A request too close to its deadline is not started: its caller is about to give up and hear 503, which
    // must mean that nothing ran.
    if (!packet || packet.deadline - START_MARGIN_MS <= Date.now()) {
      rpcRequestsDropped.inc({ reason: packet ? 'expired' : 'malformed' });
      await this.commands!.lrem(taken, 1, raw).catch(() => undefined);
      return;
    }
    const started = performance.now();
    // Work still running as the deadline nears tells its caller so, and the caller waits for the answer.
    const running = setTimeout(
      () => {
        const notice: RpcRunningPacket = { id: packet.id, running: true };
        this.commands!.publish(packet.replyTo, JSON.stringify(notice)).catch(() => undefined);
      },
      Math.max(0, packet.deadline - Date.now() - RUNNING_NOTICE_LEAD_MS),
    );
    const reply = await runWithRequestId(requestIdFrom(packet.requestId), () => this.run(packet)).finally(
      () => clearTimeout(running),
    );
    const outcome = !('err' in reply) ? 'ok' : isProblem(reply.err) ? 'problem' : 'error';
    rpcServerDuration.observe({ pattern: packet.pattern, outcome }, (performance.now() - started) / 1000);
    await Promise.all([
      this.commands!.publish(packet.replyTo, this.serialise(packet, reply)),
      this.commands!.lrem(taken, 1, raw),
    ]).catch((error: Error) => this.logger.error(`Replying to ${packet.pattern} failed: ${error.message}`));
  }

  /** The reply as sent; one that JSON cannot carry (a BigInt, a cycle) becomes the caller's 500, not a hang. */
  private serialise(packet: RpcRequestPacket, reply: RpcReplyPacket): string {
    try {
      return JSON.stringify(reply);
    } catch (error) {
      this.logger.error(`Reply to ${packet.pattern} cannot be sent: ${(error as Error).message}`);
      return JSON.stringify({
        id: packet.id,
        err: { status: 'error', message: 'Internal server error' },
      } satisfies RpcReplyPacket);
    }
  }

  private async run(packet: RpcRequestPacket): Promise<RpcReplyPacket> {
    const handler = this.messageHandlers.get(packet.pattern);
    if (!handler)
      return { id: packet.id, err: { status: 'error', message: `No handler for ${packet.pattern}` } };
    try {
      const result$ = this.transformToObservable(
        await handler(packet.data, new RpcQueueContext([packet.pattern])),
      );
      const response: unknown = await lastValueFrom(result$, { defaultValue: null });
      return { id: packet.id, response: response ?? null };
    } catch (err) {
      return { id: packet.id, err };
    }
  }

  /**
   * Replicas whose heartbeat has expired and whose Redis connections are gone died holding requests. Each
   * of those is popped by exactly one surviving replica and its caller told 503 (if still waiting); it is
   * never run again, since it may already have run. A replica whose heartbeat lapsed while its connections
   * stay open is only slow (a starved CPU delays its timer), not dead: it still answers what it took, so
   * its callers are left to that answer or their own deadline.
   */
  private async answerForLostReplicas(): Promise<void> {
    if (this.stopping || !this.commands) return;
    const { service } = this.options;
    const replicas = await this.commands.smembers(this.keys.replicas(service));
    let connected: Set<string> | undefined;
    for (const replica of replicas) {
      if (replica === this.replica || (await this.commands.exists(this.keys.alive(service, replica))))
        continue;
      connected ??= await connectedClientNames(this.commands);
      if (connected.has(this.keys.connectionName(service, replica))) continue;
      for (;;) {
        const raw = await this.commands.rpop(this.keys.taken(service, replica));
        if (raw === null) break;
        rpcRequestsDropped.inc({ reason: 'replica-lost' });
        const packet = parseRequestPacket(raw);
        // Past its deadline too: a caller told the work was running waits beyond it (a caller that gave up
        // ignores the reply).
        if (packet)
          await this.commands.publish(
            packet.replyTo,
            JSON.stringify({ id: packet.id, err: REPLICA_LOST } satisfies RpcReplyPacket),
          );
      }
      await this.commands.srem(this.keys.replicas(service), replica);
    }
  }
}
