import {
  type ChangedExpense,
  liveChannel,
  type LiveNotice,
  type LiveTopic,
  MAX_LIVE_RECIPIENTS,
} from '@kitty/contracts';
import { Logger, type OnApplicationShutdown } from '@nestjs/common';

import { createRedis, type RedisClient } from '../redis';

/**
 * Tells open tabs that something changed, through Redis pub/sub to every gateway replica.
 * Call it after the change commits. A notice is a hint, not a record: one lost to a Redis outage costs
 * a tab its instant update (its polling still catches up), so publishing never fails the caller's work.
 */
export class LivePublisher implements OnApplicationShutdown {
  private readonly logger = new Logger(LivePublisher.name);
  private readonly redis: RedisClient;
  private readonly channel: string;

  constructor(redisUrl: string, queuePrefix: string) {
    // Fails fast while Redis is away instead of queueing notices that would arrive stale.
    this.redis = createRedis(redisUrl, {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      lazyConnect: true,
    });
    this.redis.on('error', () => undefined);
    this.channel = liveChannel(queuePrefix);
  }

  /** `expense`: the one expense the change was to, when it was one (tabs then read just that expense). */
  async publish(userIds: Iterable<string>, topics: LiveTopic[], expense?: ChangedExpense): Promise<void> {
    const everyone = [...new Set(userIds)];
    if (everyone.length === 0 || topics.length === 0) return;
    try {
      if (this.redis.status === 'wait') await this.redis.connect();
      const at = Date.now();
      for (let start = 0; start < everyone.length; start += MAX_LIVE_RECIPIENTS) {
        const notice: LiveNotice = {
          userIds: everyone.slice(start, start + MAX_LIVE_RECIPIENTS),
          topics,
          at,
          ...(expense && { expense }),
        };
        await this.redis.publish(this.channel, JSON.stringify(notice));
      }
    } catch (error) {
      this.logger.warn(`Live notice not sent (${topics.join(', ')}): ${(error as Error).message}`);
    }
  }

  onApplicationShutdown(): void {
    this.redis.disconnect();
  }
}
