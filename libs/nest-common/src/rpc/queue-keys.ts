import type { ServiceName } from '@kitty/contracts';

import { isRedisClusterUrl, slotTag } from '../redis';

/**
 * Where request/reply lives in Redis, every key under the deployment's prefix so two stacks sharing one
 * Redis never answer each other:
 * - `<prefix>:rpc:<service>:requests`: the service's work queue (callers LPUSH, replicas BLMOVE from the
 *   right, so the oldest request is taken first and each by exactly one replica);
 * - `<prefix>:rpc:<service>:taken:<replica>`: what a replica has taken and not yet answered;
 * - `<prefix>:rpc:<service>:alive:<replica>`: the replica's heartbeat (expires when it dies);
 * - `<prefix>:rpc:<service>:replicas`: every replica that may still hold taken requests;
 * - `<prefix>:rpc:<service>:replica:<replica>`: the name of each of the replica's Redis connections;
 * - `<prefix>:rpc:reply:<caller>`: the pub/sub channel a calling process reads its replies from.
 *
 * On a Redis Cluster the service's name is the keys' hash tag (`<prefix>:rpc:{<service>}:…`): a take moves
 * a request between two of them in one command, which a cluster allows only within one slot.
 */
export class RpcKeys {
  private readonly cluster: boolean;

  constructor(
    private readonly prefix: string,
    redisUrl: string,
  ) {
    this.cluster = isRedisClusterUrl(redisUrl);
  }

  private service(service: ServiceName): string {
    return `${this.prefix}:rpc:${slotTag(service, this.cluster)}`;
  }

  requests(service: ServiceName): string {
    return `${this.service(service)}:requests`;
  }

  taken(service: ServiceName, replica: string): string {
    return `${this.service(service)}:taken:${replica}`;
  }

  alive(service: ServiceName, replica: string): string {
    return `${this.service(service)}:alive:${replica}`;
  }

  replicas(service: ServiceName): string {
    return `${this.service(service)}:replicas`;
  }

  connectionName(service: ServiceName, replica: string): string {
    return `${this.service(service)}:replica:${replica}`;
  }

  replyChannel(caller: string): string {
    return `${this.prefix}:rpc:reply:${caller}`;
  }
}

/** A request as it waits in a service's queue. `deadline` is the caller's (epoch ms): after it, nobody waits. */
export interface RpcRequestPacket {
  id: string;
  pattern: string;
  data: unknown;
  replyTo: string;
  deadline: number;
  requestId?: string;
}

/** The one reply to a request: its value, or the error the handler (or a janitor) answered with. */
export type RpcReplyPacket = { id: string; response: unknown } | { id: string; err: unknown };

/** Sent before the reply by a service whose work on a request runs close to its deadline: wait for it. */
export interface RpcRunningPacket {
  id: string;
  running: true;
}

/** Parses a queued request; null for anything that is not one (never handled, never answered). */
export function parseRequestPacket(raw: string): RpcRequestPacket | null {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const packet = value as Partial<RpcRequestPacket>;
  if (
    typeof packet.id !== 'string' ||
    typeof packet.pattern !== 'string' ||
    typeof packet.replyTo !== 'string' ||
    typeof packet.deadline !== 'number'
  )
    return null;
  return packet as RpcRequestPacket;
}
