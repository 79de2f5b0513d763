import { Queue } from 'bullmq';
import IORedis, { Cluster } from 'ioredis';

const CLUSTER_SCHEME = 'redis+cluster://';

/**
 * A client of the run's Redis, as an operator's tool would open one: a single server by host and port, a
 * Redis Cluster (`redis+cluster://host:port,…`, the hosts being seeds) through a Cluster client.
 */
export function stackRedis(url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'): IORedis | Cluster {
  if (!url.startsWith(CLUSTER_SCHEME)) return new IORedis(url, { maxRetriesPerRequest: null });
  const nodes = url
    .slice(CLUSTER_SCHEME.length)
    .split(',')
    .map((node) => {
      const [host, port] = node.split(':');
      return { host, port: Number(port) };
    });
  return new Cluster(nodes, { redisOptions: { maxRetriesPerRequest: null } });
}

/**
 * The key prefix of a BullMQ queue of the stack: the services' prefix on one server; on a cluster the
 * queue's name follows as the keys' hash tag, so each queue's keys share a slot.
 */
export function stackQueuePrefix(name: string, prefix: string, redis: IORedis | Cluster): string {
  return redis instanceof Cluster ? `${prefix}:{${name}}` : prefix;
}

/**
 * A BullMQ queue of the run's stack, seen as an operator's tool would see it. `close` closes the queue and
 * its connection.
 */
export function stackQueue(name: string): { queue: Queue; close: () => Promise<void> } {
  const redis = stackRedis();
  const prefix = stackQueuePrefix(name, process.env.QUEUE_PREFIX ?? 'kitty', redis);
  const queue = new Queue(name, { connection: redis, prefix });
  return {
    queue,
    close: async () => {
      await queue.close();
      redis.disconnect();
    },
  };
}
