import { liveChannel, LiveNotice, type LiveTopic } from '@kitty/contracts';
import { ProblemError, redisOptionsFromUrl } from '@kitty/nest-common';
import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { Redis } from 'ioredis';

import { GATEWAY_CONFIG, type GatewayConfig } from '../config';

/** One open tab's stream: told what changed, ended by the hub on shutdown. */
export interface LiveStream {
  send(topics: LiveTopic[], at: number): void;
  end(): void;
}

/** Tabs one user may keep open at once (each holds a connection); more are refused with 429. */
export const MAX_STREAMS_PER_USER = 20;

/**
 * The gateway's side of live updates (issue 13 §2): one Redis subscription per replica hears every notice
 * the services publish, and each goes to the open streams of the users it names — whichever replica
 * their tab happens to be connected to. Who may hear what was decided by the publisher (a pot's notice
 * names its members); a notice carries no data, so a tab re-reads through the API's own access checks.
 */
@Injectable()
export class LiveHub implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(LiveHub.name);
  private readonly subscriber: Redis;
  private readonly streams = new Map<string, Set<LiveStream>>();
  private readonly channel: string;

  constructor(@Inject(GATEWAY_CONFIG) config: Pick<GatewayConfig, 'REDIS_URL' | 'QUEUE_PREFIX'>) {
    // Resubscribes by itself after Redis comes back (ioredis' autoResubscribe).
    this.subscriber = new Redis({ ...redisOptionsFromUrl(config.REDIS_URL), lazyConnect: true });
    this.subscriber.on('error', (error: Error) => this.logger.warn(`Live notices: ${error.message}`));
    this.subscriber.on('message', (_channel: string, raw: string) => this.deliver(raw));
    this.channel = liveChannel(config.QUEUE_PREFIX);
  }

  async onModuleInit(): Promise<void> {
    await this.subscriber.connect();
    await this.subscriber.subscribe(this.channel);
  }

  /** Streams still open are ended first, so the HTTP server can close without waiting for them. */
  onModuleDestroy(): void {
    for (const streams of this.streams.values()) for (const stream of streams) stream.end();
    this.streams.clear();
    this.subscriber.disconnect();
  }

  /** Registers a user's stream; returns its removal. */
  open(userId: string, stream: LiveStream): () => void {
    const streams = this.streams.get(userId) ?? new Set<LiveStream>();
    if (streams.size >= MAX_STREAMS_PER_USER)
      throw ProblemError.of(
        429,
        'Too many open tabs',
        `Kitty keeps live updates for at most ${MAX_STREAMS_PER_USER} of your tabs at once. Close some and reload.`,
      );
    streams.add(stream);
    this.streams.set(userId, streams);
    return () => {
      streams.delete(stream);
      if (streams.size === 0 && this.streams.get(userId) === streams) this.streams.delete(userId);
    };
  }

  /** How many streams this replica holds (for metrics and tests). */
  get openStreams(): number {
    let count = 0;
    for (const streams of this.streams.values()) count += streams.size;
    return count;
  }

  private deliver(raw: string): void {
    let notice: LiveNotice;
    try {
      notice = LiveNotice.parse(JSON.parse(raw));
    } catch {
      this.logger.warn('Live notice ignored: not a notice');
      return;
    }
    for (const userId of notice.userIds)
      for (const stream of this.streams.get(userId) ?? []) stream.send(notice.topics, notice.at);
  }
}
