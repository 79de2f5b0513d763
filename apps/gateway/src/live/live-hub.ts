import {
  type ChangedExpense,
  liveChannel,
  LiveNotice,
  type LiveTopic,
  sessionRevokedChannel,
} from '@kitty/contracts';
import { createRedis, ProblemError, type RedisClient } from '@kitty/nest-common';
import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';

import { GATEWAY_CONFIG, type GatewayConfig } from '../config';

/** One open tab's stream: told what changed, ended by the hub on shutdown and when its session ends. */
export interface LiveStream {
  send(topics: LiveTopic[], at: number, expense?: ChangedExpense): void;
  end(): void;
}

/** Tabs one user may keep open at once (each holds a connection); more are refused with 429. */
export const MAX_STREAMS_PER_USER = 20;

/**
 * The gateway's side of live updates: one Redis subscription per replica hears every notice
 * the services publish, and each goes to the open streams of the users it names — whichever replica
 * their tab happens to be connected to. Who may hear what was decided by the publisher (a pot's notice
 * names its members); a notice carries no data (at most the id of the one expense changed), so a tab
 * re-reads through the API's own access checks.
 * The same subscription hears auth announce each ended session (sign-out, password change, deletion…):
 * that session's streams end at once on every replica, rather than when their access token expires.
 */
@Injectable()
export class LiveHub implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(LiveHub.name);
  private readonly subscriber: RedisClient;
  private readonly streams = new Map<string, Set<LiveStream>>();
  private readonly streamsOfSession = new Map<string, Set<LiveStream>>();
  private readonly channel: string;
  private readonly revokedChannel: string;

  constructor(@Inject(GATEWAY_CONFIG) config: Pick<GatewayConfig, 'REDIS_URL' | 'QUEUE_PREFIX'>) {
    // Resubscribes by itself after Redis comes back (ioredis' autoResubscribe).
    this.subscriber = createRedis(config.REDIS_URL, { lazyConnect: true });
    this.subscriber.on('error', (error: Error) => this.logger.warn(`Live notices: ${error.message}`));
    this.channel = liveChannel(config.QUEUE_PREFIX);
    this.revokedChannel = sessionRevokedChannel(config.QUEUE_PREFIX);
    this.subscriber.on('message', (channel: string, raw: string) =>
      channel === this.revokedChannel ? this.endSession(raw) : this.deliver(raw),
    );
  }

  async onModuleInit(): Promise<void> {
    await this.subscriber.connect();
    await this.subscriber.subscribe(this.channel, this.revokedChannel);
  }

  /** Streams still open are ended first, so the HTTP server can close without waiting for them. */
  onModuleDestroy(): void {
    for (const streams of this.streams.values()) for (const stream of streams) stream.end();
    this.streams.clear();
    this.streamsOfSession.clear();
    this.subscriber.disconnect();
  }

  /** Registers a user's stream, opened by session `sessionId` (the access token's `sid`); returns its removal. */
  open(userId: string, stream: LiveStream, sessionId?: string): () => void {
    if ((this.streams.get(userId)?.size ?? 0) >= MAX_STREAMS_PER_USER)
      throw ProblemError.of(
        429,
        'Too many open tabs',
        `Kitty keeps live updates for at most ${MAX_STREAMS_PER_USER} of your tabs at once. Close some and reload.`,
      );
    const removals = [addTo(this.streams, userId, stream)];
    if (sessionId !== undefined) removals.push(addTo(this.streamsOfSession, sessionId, stream));
    return () => removals.forEach((remove) => remove());
  }

  /** How many streams this replica holds (for metrics and tests). */
  get openStreams(): number {
    let count = 0;
    for (const streams of this.streams.values()) count += streams.size;
    return count;
  }

  /** Ends every stream of the session `sessionId` on this replica (each one's end removes it). */
  private endSession(sessionId: string): void {
    for (const stream of [...(this.streamsOfSession.get(sessionId) ?? [])]) stream.end();
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
      for (const stream of this.streams.get(userId) ?? [])
        stream.send(notice.topics, notice.at, notice.expense);
  }
}

/** Adds `stream` under `key`; returns its removal, which drops the key with its last stream. */
function addTo(index: Map<string, Set<LiveStream>>, key: string, stream: LiveStream): () => void {
  const streams = index.get(key) ?? new Set<LiveStream>();
  streams.add(stream);
  index.set(key, streams);
  return () => {
    streams.delete(stream);
    if (streams.size === 0 && index.get(key) === streams) index.delete(key);
  };
}
