import { Inject, Injectable } from '@nestjs/common';

import { AuthRedis } from '../auth-redis';
import { AUTH_CONFIG, type AuthConfig } from '../config';
import { tooManyRequests } from '../rate-limit-problem';

/**
 * Failed sign-ins are counted per account (the e-mail), not per IP, so rotating or spoofing
 * X-Forwarded-For buys an attacker nothing. After the limit, the account refuses sign-ins until the
 * window ends, without checking the password.
 */
@Injectable()
export class SignInThrottle {
  private readonly redis: AuthRedis['client'];

  constructor(
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    redis: AuthRedis,
  ) {
    this.redis = redis.client;
  }

  private key(email: string) {
    return `${this.config.QUEUE_PREFIX}:auth:sign-in-failures:${email}`;
  }

  async assertAllowed(email: string): Promise<void> {
    const [failures, ttl] = await Promise.all([
      this.redis.get(this.key(email)),
      this.redis.ttl(this.key(email)),
    ]);
    if (Number(failures ?? 0) < this.config.SIGN_IN_MAX_FAILURES) return;
    const minutes = Math.max(1, Math.ceil(ttl / 60));
    throw tooManyRequests(
      'Too many sign-in attempts',
      `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      ttl > 0 ? ttl : this.config.SIGN_IN_WINDOW_SECONDS,
    );
  }

  async recordFailure(email: string): Promise<void> {
    // INCR and the first EXPIRE in one round trip: the window starts at the first failure.
    await this.redis
      .multi()
      .incr(this.key(email))
      .expire(this.key(email), this.config.SIGN_IN_WINDOW_SECONDS, 'NX')
      .exec();
  }

  async reset(email: string): Promise<void> {
    await this.redis.del(this.key(email));
  }
}
