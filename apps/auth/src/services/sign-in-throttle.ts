import { ProblemError, redisOptionsFromUrl } from '@kitty/nest-common';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { Redis } from 'ioredis';

import { AUTH_CONFIG, type AuthConfig } from '../config';

/**
 * Failed sign-ins are counted per account (the e-mail), not per IP, so rotating or spoofing
 * X-Forwarded-For buys an attacker nothing. After the limit, the account refuses sign-ins until the
 * window ends, without checking the password.
 */
@Injectable()
export class SignInThrottle implements OnModuleDestroy {
  private readonly redis: Redis;

  constructor(@Inject(AUTH_CONFIG) private readonly config: AuthConfig) {
    this.redis = new Redis({ ...redisOptionsFromUrl(config.REDIS_URL), maxRetriesPerRequest: 3 });
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
    throw ProblemError.of(
      429,
      'Too many sign-in attempts',
      `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
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

  async onModuleDestroy() {
    await this.redis.quit();
  }
}
