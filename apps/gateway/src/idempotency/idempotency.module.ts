import { redisOptionsFromUrl } from '@kitty/nest-common';
import { type DynamicModule, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';

import { IdempotencyInterceptor } from './idempotency.interceptor';
import { IdempotencyStore } from './idempotency.store';

const IDEMPOTENCY_REDIS = Symbol('IDEMPOTENCY_REDIS');

/** The idempotency store on Redis (shared by every gateway replica) and the interceptor that uses it. */
@Module({})
export class IdempotencyModule implements OnApplicationShutdown {
  constructor(@Inject(IDEMPOTENCY_REDIS) private readonly redis: Redis) {}

  static register(options: { redisUrl: string; prefix: string }): DynamicModule {
    return {
      module: IdempotencyModule,
      providers: [
        { provide: IDEMPOTENCY_REDIS, useFactory: () => new Redis(redisOptionsFromUrl(options.redisUrl)) },
        {
          provide: IdempotencyStore,
          useFactory: (redis: Redis) => new IdempotencyStore(redis, options.prefix),
          inject: [IDEMPOTENCY_REDIS],
        },
        IdempotencyInterceptor,
      ],
      exports: [IdempotencyStore, IdempotencyInterceptor],
    };
  }

  async onApplicationShutdown() {
    await this.redis.quit();
  }
}
