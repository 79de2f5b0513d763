import 'reflect-metadata';

import { bootstrapService } from '@kitty/nest-common';

import { AppModule, config } from './app.module';

void bootstrapService(AppModule, {
  name: 'pots',
  httpPort: config.HTTP_PORT,
  redisUrl: config.REDIS_URL,
  databaseUrl: config.DATABASE_URL,
  queuePrefix: config.QUEUE_PREFIX,
  shutdownGraceMs: config.SHUTDOWN_GRACE_MS,
});
