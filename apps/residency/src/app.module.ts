import {
  createHealthController,
  DEPENDENCY_CHECKS,
  loggerModule,
  postgresCheck,
  RedisCheck,
} from '@kitty/nest-common';
import { Module, type OnApplicationShutdown } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';

import { loadResidencyConfig, RESIDENCY_CONFIG, type ResidencyConfig } from './config';
import { ResidencyController } from './controllers/residency.controller';
import { PrismaService } from './prisma.service';
import { ResidencyDetectProcessor } from './processors/residency-detect.processor';
import { ResidencyRepository } from './repositories/residency.repository';
import { CountryResolver, MmdbCountryResolver } from './services/country-resolver';
import { ResidencyService } from './services/residency.service';

const config = loadResidencyConfig();

@Module({
  imports: [loggerModule(config.LOG_LEVEL, 'residency'), TerminusModule],
  controllers: [ResidencyController, createHealthController('residency')],
  providers: [
    { provide: RESIDENCY_CONFIG, useValue: config },
    PrismaService,
    ResidencyRepository,
    // Loaded once at boot: a missing or corrupt database stops the service instead of failing every job.
    { provide: CountryResolver, useFactory: () => MmdbCountryResolver.open() },
    ResidencyService,
    ResidencyDetectProcessor,
    {
      provide: RedisCheck,
      useFactory: (c: ResidencyConfig) => new RedisCheck(c.REDIS_URL),
      inject: [RESIDENCY_CONFIG],
    },
    {
      provide: DEPENDENCY_CHECKS,
      useFactory: (prisma: PrismaService, redis: RedisCheck) => [postgresCheck(prisma), redis],
      inject: [PrismaService, RedisCheck],
    },
  ],
})
export class AppModule implements OnApplicationShutdown {
  constructor(private readonly redisCheck: RedisCheck) {}

  async onApplicationShutdown() {
    await this.redisCheck.close();
  }
}

export { config };
