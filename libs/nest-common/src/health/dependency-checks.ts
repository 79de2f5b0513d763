import { createRedis, type RedisClient } from '../redis';
import type { DependencyCheck } from './health';

/** Postgres answers a trivial query through the service's own client. */
export function postgresCheck(db: { $queryRawUnsafe(query: string): Promise<unknown> }): DependencyCheck {
  return { name: 'postgres', check: async () => void (await db.$queryRawUnsafe('SELECT 1')) };
}

/** Redis answers PING on a dedicated connection that fails fast instead of queueing commands. */
export class RedisCheck implements DependencyCheck {
  readonly name = 'redis';
  private readonly redis: RedisClient;

  constructor(redisUrl: string) {
    this.redis = createRedis(redisUrl, {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      lazyConnect: true,
    });
    this.redis.on('error', () => undefined);
  }

  async check(): Promise<void> {
    if (this.redis.status === 'wait') await this.redis.connect();
    await this.redis.ping();
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}
