import { randomUUID } from 'node:crypto';

import { type Problem, RPC_RUNNING_LIMIT_MS, RPC_TIMEOUT_MS, serviceOfPattern } from '@kitty/contracts';
import { ClientProxy, type ReadPacket, type WritePacket } from '@nestjs/microservices';

import { currentRequestId } from '../context';
import { createRedis, type RedisClient } from '../redis';
import { RpcKeys, type RpcReplyPacket, type RpcRequestPacket, type RpcRunningPacket } from './queue-keys';

export interface RpcQueueClientOptions {
  redisUrl: string;
  /** The deployment's key prefix (QUEUE_PREFIX). */
  prefix: string;
  /** How long a request may wait for a service to start it (the deadline travels with it). */
  timeoutMs?: number;
  /** How long a request a service has started may take to answer. */
  runningLimitMs?: number;
}

/** What a caller whose request no service started (or finished) in time is told: nothing ran, or it is unknown. */
const UNAVAILABLE: Problem = {
  type: 'about:blank',
  status: 503,
  title: 'Service unavailable',
  detail: 'Please try again in a moment.',
};

/** How long past its deadline a request waits for the notice that a service started it (pub/sub latency). */
const RUNNING_NOTICE_GRACE_MS = 1_000;

interface PendingRequest {
  answer: (packet: WritePacket) => void;
  timer: NodeJS.Timeout;
}

/**
 * The caller's side of RpcQueueServer: a request is pushed onto its service's queue with this process's
 * reply channel and the caller's deadline; the one reply comes back on that channel. A request no service has
 * started by its deadline is answered 503 here (a service drops it unrun); one a service says it is still
 * running is waited for, up to the running limit, so that work that happened is not reported as failed.
 */
export class RpcQueueClient extends ClientProxy {
  private readonly keys: RpcKeys;
  private readonly replyChannel: string;
  private readonly pending = new Map<string, PendingRequest>();
  private commands?: RedisClient;
  private replies?: RedisClient;
  private connecting?: Promise<void>;

  constructor(private readonly options: RpcQueueClientOptions) {
    super();
    this.keys = new RpcKeys(options.prefix, options.redisUrl);
    this.replyChannel = this.keys.replyChannel(randomUUID());
  }

  connect(): Promise<void> {
    this.connecting ??= (async () => {
      const { redisUrl } = this.options;
      // Requests sent together leave in one write.
      this.commands = createRedis(redisUrl, { enableAutoPipelining: true });
      this.replies = createRedis(redisUrl);
      // Errors are retried by ioredis and surface to callers as timeouts (503); unhandled they would crash.
      for (const client of [this.commands, this.replies]) client.on('error', () => undefined);
      this.replies.on('message', (_channel: string, raw: string) => this.onReply(raw));
      await this.replies.subscribe(this.replyChannel);
    })();
    return this.connecting;
  }

  async close(): Promise<void> {
    this.connecting = undefined;
    for (const { answer, timer } of this.pending.values()) {
      clearTimeout(timer);
      answer({ err: new Error('RPC client closed') });
    }
    this.pending.clear();
    await Promise.allSettled([this.commands?.quit(), this.replies?.quit()]);
  }

  unwrap<T>(): T {
    return [this.commands, this.replies] as T;
  }

  protected publish(partial: ReadPacket, callback: (packet: WritePacket) => void): () => void {
    const { id, data } = this.assignPacketId(partial);
    const pattern = this.normalizePattern(partial.pattern);
    const timeoutMs = this.options.timeoutMs ?? RPC_TIMEOUT_MS;
    const request: RpcRequestPacket = {
      id,
      pattern,
      data,
      replyTo: this.replyChannel,
      deadline: Date.now() + timeoutMs,
      requestId: currentRequestId(),
    };
    this.pending.set(id, {
      answer: callback,
      timer: this.giveUpAfter(id, timeoutMs + RUNNING_NOTICE_GRACE_MS),
    });
    // A request Redis did not take is one no service will run: the caller may try again.
    this.commands!.lpush(this.keys.requests(serviceOfPattern(pattern)), JSON.stringify(request)).catch(() =>
      this.settle(id, { err: UNAVAILABLE }),
    );
    return () => {
      clearTimeout(this.pending.get(id)?.timer);
      this.pending.delete(id);
    };
  }

  private giveUpAfter(id: string, ms: number): NodeJS.Timeout {
    return setTimeout(() => this.settle(id, { err: UNAVAILABLE }), ms);
  }

  private settle(id: string, packet: WritePacket): void {
    const pending = this.pending.get(id);
    if (!pending) return;
    clearTimeout(pending.timer);
    this.pending.delete(id);
    pending.answer(packet);
  }

  protected dispatchEvent(): Promise<never> {
    return Promise.reject(new Error('Kitty RPC carries requests only; durable events go through BullMQ'));
  }

  private onReply(raw: string): void {
    let reply: RpcReplyPacket | RpcRunningPacket;
    try {
      reply = JSON.parse(raw) as RpcReplyPacket | RpcRunningPacket;
    } catch {
      return;
    }
    const pending = this.pending.get(reply.id);
    if (!pending) return; // already answered, timed out, or a late reply after a replica was declared lost
    if ('running' in reply) {
      clearTimeout(pending.timer);
      pending.timer = this.giveUpAfter(reply.id, this.options.runningLimitMs ?? RPC_RUNNING_LIMIT_MS);
      return;
    }
    this.settle(
      reply.id,
      'err' in reply ? { err: reply.err } : { response: reply.response, isDisposed: true },
    );
  }
}
