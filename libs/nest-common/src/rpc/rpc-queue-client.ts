import { randomUUID } from 'node:crypto';

import { RPC_TIMEOUT_MS, serviceOfPattern } from '@kitty/contracts';
import { ClientProxy, type ReadPacket, type WritePacket } from '@nestjs/microservices';
import { Redis } from 'ioredis';

import { currentRequestId } from '../context';
import { redisOptionsFromUrl } from '../redis';
import { RpcKeys, type RpcReplyPacket, type RpcRequestPacket } from './queue-keys';

export interface RpcQueueClientOptions {
  redisUrl: string;
  /** The deployment's key prefix (QUEUE_PREFIX). */
  prefix: string;
  /** How long a request may wait for its reply (the deadline travels with it). */
  timeoutMs?: number;
}

/**
 * The caller's side of RpcQueueServer: a request is pushed onto its service's queue with this process's
 * reply channel and the caller's deadline; the one reply comes back on that channel.
 */
export class RpcQueueClient extends ClientProxy {
  private readonly keys: RpcKeys;
  private readonly replyChannel: string;
  private readonly pending = new Map<string, (packet: WritePacket) => void>();
  private commands?: Redis;
  private replies?: Redis;
  private connecting?: Promise<void>;

  constructor(private readonly options: RpcQueueClientOptions) {
    super();
    this.keys = new RpcKeys(options.prefix);
    this.replyChannel = this.keys.replyChannel(randomUUID());
  }

  connect(): Promise<void> {
    this.connecting ??= (async () => {
      const connection = redisOptionsFromUrl(this.options.redisUrl);
      // Requests sent together leave in one write.
      this.commands = new Redis({ ...connection, enableAutoPipelining: true });
      this.replies = new Redis(connection);
      // Errors are retried by ioredis and surface to callers as timeouts (503); unhandled they would crash.
      for (const client of [this.commands, this.replies]) client.on('error', () => undefined);
      this.replies.on('message', (_channel: string, raw: string) => this.onReply(raw));
      await this.replies.subscribe(this.replyChannel);
    })();
    return this.connecting;
  }

  async close(): Promise<void> {
    this.connecting = undefined;
    for (const callback of this.pending.values()) callback({ err: new Error('RPC client closed') });
    this.pending.clear();
    await Promise.allSettled([this.commands?.quit(), this.replies?.quit()]);
  }

  unwrap<T>(): T {
    return [this.commands, this.replies] as T;
  }

  protected publish(partial: ReadPacket, callback: (packet: WritePacket) => void): () => void {
    const { id, data } = this.assignPacketId(partial);
    const pattern = this.normalizePattern(partial.pattern);
    const request: RpcRequestPacket = {
      id,
      pattern,
      data,
      replyTo: this.replyChannel,
      deadline: Date.now() + (this.options.timeoutMs ?? RPC_TIMEOUT_MS),
      requestId: currentRequestId(),
    };
    this.pending.set(id, callback);
    this.commands!.lpush(this.keys.requests(serviceOfPattern(pattern)), JSON.stringify(request)).catch(
      (err: unknown) => this.pending.get(id)?.({ err }),
    );
    return () => this.pending.delete(id);
  }

  protected dispatchEvent(): Promise<never> {
    return Promise.reject(new Error('Kitty RPC carries requests only; durable events go through BullMQ'));
  }

  private onReply(raw: string): void {
    let reply: RpcReplyPacket;
    try {
      reply = JSON.parse(raw) as RpcReplyPacket;
    } catch {
      return;
    }
    const callback = this.pending.get(reply.id);
    if (!callback) return; // already answered, timed out, or a late reply after a replica was declared lost
    this.pending.delete(reply.id);
    callback('err' in reply ? { err: reply.err } : { response: reply.response, isDisposed: true });
  }
}
