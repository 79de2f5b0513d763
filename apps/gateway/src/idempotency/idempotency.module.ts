import { createRedis, type RedisClient } from '@kitty/nest-common';
import { type DynamicModule, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';

import { IdempotencyInterceptor } from './idempotency.interceptor';
import { IdempotencyStore } from './idempotency.store';

const IDEMPOTENCY_REDIS = Symbol('IDEMPOTENCY_REDIS');

/** The idempotency store on Redis (shared by every gateway replica) and the interceptor that uses it. */
@Module({})
export class IdempotencyModule implements OnApplicationShutdown {
  constructor(@Inject(IDEMPOTENCY_REDIS) private readonly redis: RedisClient) {}

  static register(options: { redisUrl: string; prefix: string }): DynamicModule {
    return {
      module: IdempotencyModule,
      providers: [
        { provide: IDEMPOTENCY_REDIS, useFactory: () => createRedis(options.redisUrl) },
        {
          provide: IdempotencyStore,
          useFactory: (redis: RedisClient) => new IdempotencyStore(redis, options.prefix),
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
