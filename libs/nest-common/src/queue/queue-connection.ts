import type { ConnectionOptions } from 'bullmq';

import { createRedis, isRedisClusterUrl, redisOptionsFromUrl, slotTag } from '../redis';

/** How a BullMQ Queue or Worker of one queue reaches Redis, and what its owner closes after it. */
export interface QueueConnection {
  connection: ConnectionOptions;
  prefix: string;
  /** Closes what was opened for the queue (after the Queue or Worker itself is closed). */
  close(): Promise<void>;
}

/**
 * One queue's connection and key prefix. On one server BullMQ opens (and closes) its own connections
 * from options. On a Redis Cluster it must be handed a Cluster client, which it never closes, and every
 * key of the queue must share a slot (its scripts touch several at once): the queue's name becomes the
 * hash tag in the prefix, so different queues still spread over the masters.
 */
export function queueConnection(redisUrl: string, prefix: string, queueName: string): QueueConnection {
  if (!isRedisClusterUrl(redisUrl))
    return { connection: redisOptionsFromUrl(redisUrl), prefix, close: async () => undefined };
  const cluster = createRedis(redisUrl, { maxRetriesPerRequest: null });
  return {
    connection: cluster as ConnectionOptions,
    prefix: `${prefix}:${slotTag(queueName, true)}`,
    close: async () => void cluster.disconnect(),
  };
}
