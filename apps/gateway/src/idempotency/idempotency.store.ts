import { createHash } from 'node:crypto';

import { IDEMPOTENCY_KEY_TTL_SECONDS, type Problem } from '@kitty/contracts';
import type { RedisClient } from '@kitty/nest-common';

/** What is kept per key: the request's fingerprint and, once answered, the answer to replay. */
export type IdempotencyRecord =
  | { state: 'in-flight'; fingerprint: string }
  | { state: 'done'; fingerprint: string; status: number; body: unknown }
  | { state: 'problem'; fingerprint: string; problem: Problem };

export type Claim = { claimed: true } | { claimed: false; existing: IdempotencyRecord | null };

/** How long a claim holds while its request runs; a gateway that dies mid-request frees the key by then. */
const IN_FLIGHT_TTL_SECONDS = 60;

/**
 * Idempotency keys in Redis, shared by every gateway replica: `SET NX` claims a key for one request at a
 * time; its answer is then kept for a day under the same key.
 */
export class IdempotencyStore {
  constructor(
    private readonly redis: RedisClient,
    private readonly prefix: string,
  ) {}

  async claim(scope: string, key: string, fingerprint: string): Promise<Claim> {
    const record: IdempotencyRecord = { state: 'in-flight', fingerprint };
    const set = await this.redis.set(
      this.key(scope, key),
      JSON.stringify(record),
      'EX',
      IN_FLIGHT_TTL_SECONDS,
      'NX',
    );
    if (set === 'OK') return { claimed: true };
    const raw = await this.redis.get(this.key(scope, key));
    return { claimed: false, existing: raw === null ? null : (JSON.parse(raw) as IdempotencyRecord) };
  }

  async complete(scope: string, key: string, record: Exclude<IdempotencyRecord, { state: 'in-flight' }>) {
    await this.redis.set(this.key(scope, key), JSON.stringify(record), 'EX', IDEMPOTENCY_KEY_TTL_SECONDS);
  }

  /** Frees a key whose request ended without an answer worth keeping (a 5xx): a retry runs again. */
  async release(scope: string, key: string): Promise<void> {
    await this.redis.del(this.key(scope, key));
  }

  private key(scope: string, key: string): string {
    // Hashed: the client's key is opaque and may hold characters we would rather not put in a Redis key.
    const digest = createHash('sha256').update(key).digest('base64url');
    return `${this.prefix}:idempotency:${scope}:${digest}`;
  }
}

/** A stable digest of what a request asks for: method, route, path parameters and body (keys sorted). */
export function requestFingerprint(parts: { method: string; route: string; params: unknown; body: unknown }) {
  return createHash('sha256').update(canonicalJson(parts)).digest('base64url');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}
