import { isProblem } from '@kitty/contracts';
import { type RedisContext, type RedisOptions, type Serializer, ServerRedis } from '@nestjs/microservices';
import type { Redis } from 'ioredis';

import { currentRequestId, requestIdFrom, runWithRequestId } from '../context';
import { rpcServerDuration } from '../metrics';

/**
 * Adds the caller's request id to the RPC packet beside `pattern`, `data` and `id` — outside `data`, so
 * handlers and their strict payload schemas never see it.
 */
export class RequestIdSerializer implements Serializer {
  serialize(packet: Record<string, unknown>): Record<string, unknown> {
    const requestId = currentRequestId();
    return requestId ? { ...packet, requestId } : packet;
  }
}

interface ReplyPacket {
  err?: unknown;
  isDisposed?: boolean;
}

/** The packet id and request id of a raw message, when it has them. */
function packetIds(buffer: string): { id?: string; requestId?: string } {
  try {
    const packet = JSON.parse(buffer) as { id?: unknown; requestId?: unknown } | null;
    return {
      id: typeof packet?.id === 'string' ? packet.id : undefined,
      requestId: packet?.requestId === undefined ? undefined : requestIdFrom(packet.requestId),
    };
  } catch {
    return {};
  }
}

/**
 * Nest's Redis transport gives up for good on the first lost connection unless told to retry: after a
 * Redis restart a service stayed up but deaf, or crashed on its next publish (found by tests/faults).
 */
export const RPC_RECONNECT = { retryAttempts: Number.MAX_SAFE_INTEGER, retryDelay: 500 } as const;

/**
 * The Redis transport of a Kitty service: each message is handled in its sender's request-id context and
 * timed until its final reply; on shutdown it stops taking messages and waits for the ones in flight, so
 * their replies are still sent before the connections close.
 */
export class KittyRedisServer extends ServerRedis {
  private readonly inFlight = new Set<Promise<unknown>>();
  /** Per packet id: marks the request answered (its final reply published, or its handling failed). */
  private readonly answered = new Map<string, () => void>();

  constructor(options: Required<RedisOptions>['options']) {
    super({ ...RPC_RECONNECT, ...options });
  }

  override handleMessage(channel: string, buffer: string, pub: Redis, pattern: string): Promise<unknown> {
    const { id, requestId } = packetIds(buffer);
    const handled = runWithRequestId(requestId ?? requestIdFrom(undefined), () =>
      super.handleMessage(channel, buffer, pub, pattern),
    );
    let done: Promise<unknown> = handled.catch(() => undefined);
    if (id !== undefined) {
      const replied = new Promise<void>((resolve) => this.answered.set(id, resolve));
      // A handler that throws before replying would otherwise be waited for forever.
      void handled.catch(() => this.answered.get(id)?.());
      done = replied.finally(() => this.answered.delete(id));
    }
    this.inFlight.add(done);
    void done.finally(() => this.inFlight.delete(done));
    return handled;
  }

  override getPublisher(pub: Redis, pattern: string, id: string, ctx: RedisContext) {
    const publish = super.getPublisher(pub, pattern, id, ctx);
    const started = performance.now();
    return (response: ReplyPacket) => {
      const sent: unknown = publish(response);
      if (response.err !== undefined || response.isDisposed) {
        const outcome = response.err === undefined ? 'ok' : isProblem(response.err) ? 'problem' : 'error';
        rpcServerDuration.observe({ pattern, outcome }, (performance.now() - started) / 1000);
        this.answered.get(id)?.();
      }
      return sent;
    };
  }

  /**
   * Stops taking messages and resolves once every message already taken has been answered (including any
   * that arrive while the unsubscribe is on its way: they are handled, not dropped).
   */
  async drain(): Promise<void> {
    const [, subscriber] = this.unwrap<[Redis, Redis]>();
    await Promise.allSettled([subscriber.unsubscribe(), subscriber.punsubscribe()]);
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }
}
