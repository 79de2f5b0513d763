import { AuthResidencyQueue } from '@kitty/contracts';
import { serviceInfrastructure } from '@kitty/nest-common';
import { Module } from '@nestjs/common';

import { loadResidencyConfig, RESIDENCY_CONFIG } from './config';
import { CountryResolver, MmdbCountryResolver } from './geolocation/country-resolver';
import { OUTBOX_TABLE, PrismaService } from './prisma.service';
import { ResidencyController } from './residency/residency.controller';
import { ResidencyRepository } from './residency/residency.repository';
import { ResidencyService } from './residency/residency.service';
import { ResidencyDetectProcessor } from './residency/residency-detect.processor';

export const config = loadResidencyConfig();
const infrastructure = serviceInfrastructure({
  service: 'residency',
  config,
  prisma: PrismaService,
  outbox: { table: OUTBOX_TABLE, queues: [AuthResidencyQueue] },
});

@Module({
  imports: infrastructure.imports,
  controllers: [ResidencyController, ...infrastructure.controllers],
  providers: [
    ...infrastructure.providers,
    { provide: RESIDENCY_CONFIG, useValue: config },
    ResidencyRepository,
    // Loaded once at boot: a missing or corrupt database stops the service instead of failing every job.
    { provide: CountryResolver, useFactory: () => MmdbCountryResolver.open() },
    ResidencyService,
    ResidencyDetectProcessor,
  ],
})
export class AppModule {}
