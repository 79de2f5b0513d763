/** The connection settings every Redis client in Kitty takes (ioredis, BullMQ, the Nest transport). */
export interface RedisConnection {
  host: string;
  port: number;
  username?: string;
  password?: string;
  db: number;
  maxRetriesPerRequest: null;
}

/** Connection settings from a redis:// URL (host, port, credentials, db). */
export function redisOptionsFromUrl(url: string): RedisConnection {
  const parsed = new URL(url);
  return {
    host: parsed.hostname,
    port: Number(parsed.port || 6379),
    username: parsed.username || undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    db: parsed.pathname.length > 1 ? Number(parsed.pathname.slice(1)) : 0,
    // BullMQ requires this for blocking connections; harmless elsewhere.
    maxRetriesPerRequest: null,
  };
}
