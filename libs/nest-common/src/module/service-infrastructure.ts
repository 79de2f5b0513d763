import type { QueueDefinition, ServiceName } from '@kitty/contracts';
import type { ModuleMetadata, OnApplicationShutdown, OnModuleInit, Provider, Type } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';

import { createHealthController, DEPENDENCY_CHECKS, postgresCheck, RedisCheck } from '../health';
import { LivePublisher } from '../live';
import { loggerModule } from '../logging';
import { type OutboxDatabase, OutboxRelay } from '../outbox';
import { QueueRegistry } from '../queue';

export interface ServiceInfrastructureOptions {
  service: ServiceName;
  config: { LOG_LEVEL: string; REDIS_URL: string; QUEUE_PREFIX: string };
  /** The service's Prisma client class (provided by this function). */
  prisma: Type<OutboxDatabase & Connectable>;
  /** The service's outbox table and the queues it publishes to; omit when it publishes nothing. */
  outbox?: { table: string; queues: readonly QueueDefinition[] };
}

interface Connectable {
  $connect(): Promise<void>;
}

/**
 * Connects the Prisma client while the module starts, before the service takes its first request:
 * otherwise the first request of each process waited ≈ 0.4 s for it (0.55–0.62 s to its first query,
 * against 0.08–0.17 s once connected).
 */
class PrismaConnector implements OnModuleInit {
  constructor(private readonly prisma: Connectable) {}

  onModuleInit() {
    return this.prisma.$connect();
  }
}

/** Closes the Redis health connection when the app stops. */
class RedisCheckCloser implements OnApplicationShutdown {
  constructor(private readonly check: RedisCheck) {}

  onApplicationShutdown() {
    return this.check.close();
  }
}

/**
 * What every Kitty service module needs besides its own features: JSON logging, /health + /metrics + the
 * RPC health probe, the Prisma client, dependency checks, live notices to open tabs and (when it
 * publishes) the outbox relay.
 */
export function serviceInfrastructure(
  options: ServiceInfrastructureOptions,
): Required<Pick<ModuleMetadata, 'imports' | 'controllers' | 'providers'>> {
  const providers: Provider[] = [
    options.prisma,
    {
      provide: PrismaConnector,
      useFactory: (prisma: Connectable) => new PrismaConnector(prisma),
      inject: [options.prisma],
    },
    { provide: RedisCheck, useFactory: () => new RedisCheck(options.config.REDIS_URL) },
    {
      provide: RedisCheckCloser,
      useFactory: (check: RedisCheck) => new RedisCheckCloser(check),
      inject: [RedisCheck],
    },
    {
      provide: LivePublisher,
      useFactory: () => new LivePublisher(options.config.REDIS_URL, options.config.QUEUE_PREFIX),
    },
    {
      provide: DEPENDENCY_CHECKS,
      useFactory: (prisma: OutboxDatabase, redis: RedisCheck) => [postgresCheck(prisma), redis],
      inject: [options.prisma, RedisCheck],
    },
  ];
  const outbox = options.outbox;
  if (outbox) {
    providers.push({
      provide: OutboxRelay,
      useFactory: (prisma: OutboxDatabase) =>
        new OutboxRelay(
          prisma,
          outbox.table,
          new QueueRegistry(options.config.REDIS_URL, options.config.QUEUE_PREFIX, outbox.queues),
        ),
      inject: [options.prisma],
    });
  }
  return {
    imports: [loggerModule(options.config.LOG_LEVEL, options.service), TerminusModule],
    controllers: [createHealthController(options.service)],
    providers,
  };
}
