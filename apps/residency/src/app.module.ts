import { serviceInfrastructure } from '@kitty/nest-common';
import { Module } from '@nestjs/common';

import { loadResidencyConfig, RESIDENCY_CONFIG } from './config';
import { ResidencyController } from './controllers/residency.controller';
import { PrismaService } from './prisma.service';
import { ResidencyDetectProcessor } from './processors/residency-detect.processor';
import { ResidencyRepository } from './repositories/residency.repository';
import { CountryResolver, MmdbCountryResolver } from './services/country-resolver';
import { ResidencyService } from './services/residency.service';

export const config = loadResidencyConfig();
const infrastructure = serviceInfrastructure({ service: 'residency', config, prisma: PrismaService });

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
