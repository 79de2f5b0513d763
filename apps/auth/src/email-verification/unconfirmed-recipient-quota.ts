import { Inject, Injectable } from '@nestjs/common';

import { AuthRedis } from '../auth-redis';
import { AUTH_CONFIG, type AuthConfig } from '../config';

/**
 * E-mails auth may send one address in a UTC day while nobody has confirmed owning it: the confirmation
 * link sent at sign-up and four more (resends, sign-up attempt notices, a sign-up again after a deletion).
 */
export const UNCONFIRMED_EMAILS_PER_RECIPIENT_PER_DAY = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Seconds until the UTC day of `now` ends, when the address's allowance starts again. */
export const secondsUntilTomorrow = (now: Date) => (DAY_MS - (now.getTime() % DAY_MS)) / 1000;

/**
 * Anyone can sign up with someone else's address and a name of their choosing, which Kitty then writes to
 * that address: each unconfirmed address gets a bounded number of such e-mails a day, counted in Redis
 * across replicas and across every account that ever claimed the address.
 */
@Injectable()
export class UnconfirmedRecipientQuota {
  constructor(
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    private readonly redis: AuthRedis,
  ) {}

  /** Counts one e-mail to `email`; false when the day's allowance is spent (the caller sends nothing). */
  async claim(email: string, now = new Date()): Promise<boolean> {
    const day = Math.floor(now.getTime() / DAY_MS);
    const key = `${this.config.QUEUE_PREFIX}:auth:unconfirmed-recipient:${day}:${email}`;
    const [[, count]] = (await this.redis.client
      .multi()
      .incr(key)
      .expire(key, DAY_MS / 1000)
      .exec()) as [[Error | null, number]];
    return count <= UNCONFIRMED_EMAILS_PER_RECIPIENT_PER_DAY;
  }
}
