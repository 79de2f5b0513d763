import { Queue } from 'bullmq';
import { Cluster } from 'ioredis';

/**
 * A BullMQ queue of the run's stack, seen as an operator's tool would see it: on one Redis server by host
 * and port; on a Redis Cluster (`redis+cluster://host:port,…`) through a Cluster client, under the
 * prefix the services use there (the queue's name is the keys' hash tag, so each queue's keys share a slot).
 * `close` closes the queue and its connection.
 */
export function stackQueue(name: string): { queue: Queue; close: () => Promise<void> } {
  const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const prefix = process.env.QUEUE_PREFIX ?? 'kitty';
  if (!url.startsWith('redis+cluster://')) {
    const redis = new URL(url);
    const queue = new Queue(name, {
      connection: { host: redis.hostname, port: Number(redis.port || 6379) },
      prefix,
    });
    return { queue, close: () => queue.close() };
  }
  const nodes = url
    .slice('redis+cluster://'.length)
    .split(',')
    .map((node) => {
      const [host, port] = node.split(':');
      return { host, port: Number(port) };
    });
  const cluster = new Cluster(nodes, { redisOptions: { maxRetriesPerRequest: null } });
  const queue = new Queue(name, { connection: cluster, prefix: `${prefix}:{${name}}` });
  return {
    queue,
    close: async () => {
      await queue.close();
      cluster.disconnect();
    },
  };
}
