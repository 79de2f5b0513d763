import { Inject, Injectable } from '@nestjs/common';

import { AuthRedis } from '../auth-redis';
import { AUTH_CONFIG, type AuthConfig } from '../config';

/** One "someone tried to sign up with your address" e-mail per address in this window. */
export const SIGN_UP_ATTEMPT_NOTICE_WINDOW_SECONDS = 60 * 60;

/**
 * Anyone who knows a registered address can make sign-up e-mail its owner; without a bound that is an
 * inbox flood under Kitty's name. The owner hears of the first attempt in each hour; the rest are dropped
 * silently, because sign-up must answer exactly as for a new address (a 429 would reveal the account).
 */
@Injectable()
export class SignUpAttemptNotices {
  constructor(
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    private readonly redis: AuthRedis,
  ) {}

  /** True for the first attempt on `email` in the window (the caller then sends the notice). */
  async claim(email: string): Promise<boolean> {
    const key = `${this.config.QUEUE_PREFIX}:auth:sign-up-attempt-notice:${email}`;
    const set = await this.redis.client.set(key, '1', 'EX', SIGN_UP_ATTEMPT_NOTICE_WINDOW_SECONDS, 'NX');
    return set === 'OK';
  }
}
