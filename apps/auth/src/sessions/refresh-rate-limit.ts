import { Inject, Injectable } from '@nestjs/common';

import { AuthRedis } from '../auth-redis';
import { AUTH_CONFIG, type AuthConfig } from '../config';
import { tooManyRequests } from '../rate-limit-problem';

const WINDOW_SECONDS = 60;

/**
 * Refreshes are counted per session (token family), not per IP: everyone behind one NAT shares an address,
 * but a family belongs to one browser. Fixed one-minute windows; the first refresh starts the window.
 */
@Injectable()
export class RefreshRateLimit {
  constructor(
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    private readonly redis: AuthRedis,
  ) {}

  async consume(familyId: string): Promise<void> {
    const key = `${this.config.QUEUE_PREFIX}:auth:refresh-rate:${familyId}`;
    const result = await this.redis.client
      .multi()
      .incr(key)
      .expire(key, WINDOW_SECONDS, 'NX')
      .ttl(key)
      .exec();
    const count = Number(result?.[0]?.[1] ?? 0);
    if (count <= this.config.REFRESH_RATE_LIMIT_PER_MINUTE) return;
    const ttl = Number(result?.[2]?.[1] ?? WINDOW_SECONDS);
    throw tooManyRequests(
      'Too many requests',
      'Too many session refreshes. Please try again in a moment.',
      ttl > 0 ? ttl : WINDOW_SECONDS,
    );
  }
}
