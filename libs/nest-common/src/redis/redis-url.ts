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

export interface RedisNode {
  host: string;
  port: number;
}

/**
 * A Redis Cluster: the seed nodes (the client learns the others from them) and what every node
 * connection shares. A cluster has one database, so no `db`.
 */
export interface RedisClusterTarget {
  nodes: RedisNode[];
  connection: Omit<RedisConnection, 'host' | 'port' | 'db'>;
}

export const REDIS_URL_SCHEMES = ['redis:', 'rediss:', 'redis+cluster:', 'rediss+cluster:'] as const;

const DEFAULT_PORT = 6379;

/** True for `redis+cluster://` and `rediss+cluster://` URLs: a Redis Cluster rather than one server. */
export function isRedisClusterUrl(url: string): boolean {
  return /^rediss?\+cluster:\/\//i.test(url);
}

function schemeOf(url: string): string {
  const scheme = /^([a-z][a-z0-9+.-]*:)/i.exec(url)?.[1]?.toLowerCase();
  if (!scheme || !(REDIS_URL_SCHEMES as readonly string[]).includes(scheme))
    throw new Error(
      `REDIS_URL must start with redis://, rediss:// (TLS), redis+cluster:// or rediss+cluster://, not ${scheme ?? url.slice(0, 12)}//`,
    );
  return scheme;
}

// The certificate is checked against the host either way; SNI names a host, never an address.
const tlsFor = (secure: boolean, host: string) =>
  secure ? { tls: isIP(host) ? {} : { servername: host } } : {};

const unbracket = (host: string) => host.replace(/^\[(.*)\]$/, '$1');

/** Connection settings from a redis:// or rediss:// URL (host, port, credentials, db, TLS). */
export function redisOptionsFromUrl(url: string): RedisConnection {
  const scheme = schemeOf(url);
  if (isRedisClusterUrl(url))
    throw new Error('A redis+cluster:// URL names several nodes: connect with createRedis()');
  const parsed = new URL(url);
  const host = unbracket(parsed.hostname);
  return {
    ...tlsFor(scheme === 'rediss:', host),
    host,
    port: Number(parsed.port || DEFAULT_PORT),
    username: parsed.username || undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    db: parsed.pathname.length > 1 ? Number(parsed.pathname.slice(1)) : 0,
    // BullMQ requires this for blocking connections; harmless elsewhere.
    maxRetriesPerRequest: null,
  };
}

/**
 * The seed nodes and shared settings of a `redis+cluster://[user:password@]host:port,host:port` URL
 * (`rediss+cluster://` for TLS). Several hosts do not make a WHATWG URL, so the list is split here; each
 * host is then read as a URL of its own, so brackets, ports and percent-encoding mean what they always do.
 */
export function redisClusterFromUrl(url: string): RedisClusterTarget {
  const scheme = schemeOf(url);
  if (!isRedisClusterUrl(url)) throw new Error('Not a redis+cluster:// URL');
  const rest = url.slice(scheme.length + 2).replace(/\/$/, '');
  if (rest.includes('/'))
    throw new Error('A Redis Cluster has one database: a redis+cluster:// URL takes no /<db>');
  const at = rest.lastIndexOf('@');
  const credentials = at === -1 ? '' : rest.slice(0, at);
  const hosts = (at === -1 ? rest : rest.slice(at + 1)).split(',').filter(Boolean);
  if (hosts.length === 0) throw new Error('A redis+cluster:// URL names at least one node');
  const nodes = hosts.map((hostPort) => {
    const parsed = new URL(`redis://${hostPort}`);
    return { host: unbracket(parsed.hostname), port: Number(parsed.port || DEFAULT_PORT) };
  });
  const auth = new URL(`redis://${credentials ? `${credentials}@` : ''}seed`);
  const secure = scheme === 'rediss+cluster:';
  return {
    nodes,
    connection: {
      // Nodes are reached at the addresses the cluster announces; the certificate names the seed's host.
      ...tlsFor(secure, nodes[0].host),
      username: auth.username ? decodeURIComponent(auth.username) : undefined,
      password: auth.password ? decodeURIComponent(auth.password) : undefined,
      maxRetriesPerRequest: null,
    },
  };
}

/** Why REDIS_URL cannot be used, in words for the operator; null when it can. */
export function redisUrlProblem(url: string): string | null {
  try {
    if (isRedisClusterUrl(url)) redisClusterFromUrl(url);
    else redisOptionsFromUrl(url);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}
