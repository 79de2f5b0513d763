import { redisOptionsFromUrl } from '@kitty/nest-common';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { Redis } from 'ioredis';

import { AUTH_CONFIG, type AuthConfig } from './config';

/** The auth service's own Redis connection for counters and the session revocation set. */
@Injectable()
export class AuthRedis implements OnModuleDestroy {
  readonly client: Redis;

  constructor(@Inject(AUTH_CONFIG) config: AuthConfig) {
    this.client = new Redis({ ...redisOptionsFromUrl(config.REDIS_URL), maxRetriesPerRequest: 3 });
  }

  async onModuleDestroy() {
    await this.client.quit();
  }
}
