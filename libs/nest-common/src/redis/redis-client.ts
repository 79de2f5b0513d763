import { Cluster, Redis, type RedisOptions } from 'ioredis';

import { isRedisClusterUrl, redisClusterFromUrl, redisOptionsFromUrl } from './redis-url';

const SLOTS_REFRESH_TIMEOUT_MS = 10_000;
const CLUSTER_DOWN_RETRY_DELAY_MS = 300;
const CLUSTER_MAX_REDIRECTIONS = 32;

/** One Redis server or a Redis Cluster: the commands Kitty sends are the same on both. */
export type RedisClient = Redis | Cluster;

/** What a caller may tune per connection; everything else comes from REDIS_URL. */
export type RedisTuning = Pick<
  RedisOptions,
  | 'connectionName'
  | 'enableAutoPipelining'
  | 'enableOfflineQueue'
  | 'lazyConnect'
  | 'maxRetriesPerRequest'
  | 'retryStrategy'
>;

/**
 * A client for REDIS_URL: a Cluster client for `redis+cluster://` (it follows MOVED/ASK redirects and a
 * failover to a promoted replica), otherwise one connection. Multi-key commands must name keys of one
 * slot on a cluster: see `slotTag`.
 */
export function createRedis(url: string, tuning: RedisTuning = {}): RedisClient {
  if (!isRedisClusterUrl(url)) return new Redis({ ...redisOptionsFromUrl(url), ...tuning });
  const { nodes, connection } = redisClusterFromUrl(url);
  const { enableAutoPipelining, enableOfflineQueue, lazyConnect, retryStrategy, ...perNode } = tuning;
  const clusterTuning = {
    enableAutoPipelining,
    enableOfflineQueue,
    lazyConnect,
    clusterRetryStrategy: retryStrategy,
  };
  return new Cluster(nodes, {
    // Only what was asked for: ioredis takes an option given as undefined over its default (a cluster with
    // clusterRetryStrategy undefined never reconnects).
    ...Object.fromEntries(Object.entries(clusterTuning).filter(([, value]) => value !== undefined)),
    // Asking a node for the slot map may wait behind a busy CPU; ioredis' 1 s gave up on a loaded machine.
    slotsRefreshTimeout: SLOTS_REFRESH_TIMEOUT_MS,
    // While a master fails over the cluster answers CLUSTERDOWN for its slots: a command waits for the
    // promoted replica (≈ 10 s at most) instead of failing after ioredis' 16 × 100 ms.
    retryDelayOnClusterDown: CLUSTER_DOWN_RETRY_DELAY_MS,
    maxRedirections: CLUSTER_MAX_REDIRECTIONS,
    redisOptions: { ...connection, ...perNode },
  });
}

/**
 * Wraps the part of a key that decides its cluster slot (`{…}`, Redis's hash tag): keys that one
 * command, transaction or script touches together must share it. Only on a cluster, so a single
 * server's keys keep the names they have always had (and what waits under them is still found).
 */
export function slotTag(part: string, cluster: boolean): string {
  return cluster ? `{${part}}` : part;
}

/** The names of the client connections open on every master now (a killed process's are closed by its kernel). */
export async function connectedClientNames(redis: RedisClient): Promise<Set<string>> {
  const servers = redis instanceof Cluster ? redis.nodes('master') : [redis];
  const lists = await Promise.all(
    servers.map((server) => server.call('CLIENT', 'LIST', 'TYPE', 'normal') as Promise<string>),
  );
  const names = new Set<string>();
  for (const line of lists.join('\n').split('\n')) {
    const name = / name=(\S+)/.exec(line)?.[1];
    if (name) names.add(name);
  }
  return names;
}

/**
 * ioredis' ways of saying a Redis server or cluster could not be reached just now: a connection closed
 * under the command, retries spent, a cluster without a live master for the slot (a failover under way).
 * What failed this way was a read or write Kitty could not make, not a bug: callers answer 503.
 */
const UNAVAILABLE_NAMES = new Set(['ClusterAllFailedError', 'MaxRetriesPerRequestError']);
const UNAVAILABLE_MESSAGES = [
  /^Connection is closed\.?$/,
  /^CLUSTERDOWN\b/,
  /^Too many Cluster redirections/,
  /^None of startup nodes is available$/,
  /^Failed to refresh slots cache/,
  /^Stream isn't writeable/,
];

export function isRedisUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    UNAVAILABLE_NAMES.has(error.name) || UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(error.message))
  );
}
