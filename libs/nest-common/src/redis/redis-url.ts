import { isIP } from 'node:net';

/** The connection settings every Redis client in Kitty takes (ioredis, BullMQ, the Nest transport). */
export interface RedisConnection {
  host: string;
  port: number;
  username?: string;
  password?: string;
  db: number;
  maxRetriesPerRequest: null;
  /**
   * `rediss://`: TLS, verifying the server's certificate and name against Node's trusted CAs. A private CA
   * is added to those with NODE_EXTRA_CA_CERTS (docs/configuration.md); verification is never turned off.
   */
  tls?: { servername?: string };
}

export const REDIS_URL_SCHEMES = ['redis:', 'rediss:'] as const;

/** Connection settings from a redis:// or rediss:// URL (host, port, credentials, db, TLS). */
export function redisOptionsFromUrl(url: string): RedisConnection {
  const parsed = new URL(url);
  if (!(REDIS_URL_SCHEMES as readonly string[]).includes(parsed.protocol))
    throw new Error(`REDIS_URL must start with redis:// or rediss:// (TLS), not ${parsed.protocol}//`);
  // A bracketed IPv6 literal is the host without its brackets.
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  return {
    // The certificate is checked against the host either way; SNI names a host, never an address.
    ...(parsed.protocol === 'rediss:' ? { tls: isIP(host) ? {} : { servername: host } } : {}),
    host,
    port: Number(parsed.port || 6379),
    username: parsed.username || undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    db: parsed.pathname.length > 1 ? Number(parsed.pathname.slice(1)) : 0,
    // BullMQ requires this for blocking connections; harmless elsewhere.
    maxRetriesPerRequest: null,
  };
}
