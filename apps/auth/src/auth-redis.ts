import { createRedis, type RedisClient } from '@kitty/nest-common';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';

import { AUTH_CONFIG, type AuthConfig } from './config';

/** The auth service's own Redis connection for counters and the session revocation set. */
@Injectable()
export class AuthRedis implements OnModuleDestroy {
  readonly client: RedisClient;

  constructor(@Inject(AUTH_CONFIG) config: AuthConfig) {
    this.client = createRedis(config.REDIS_URL, { maxRetriesPerRequest: 3 });
  }

  async onModuleDestroy() {
    await this.client.quit();
  }
}
