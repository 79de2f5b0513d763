import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';

import { RESIDENCY_CONFIG, type ResidencyConfig } from './config';
import { PrismaClient } from './generated/prisma/client';

/** The residency service's own Postgres schema; raw SQL must name it. */
export const RESIDENCY_SCHEMA = 'residency';

@Injectable()
export class PrismaService extends PrismaClient implements OnModuleDestroy {
  constructor(@Inject(RESIDENCY_CONFIG) config: ResidencyConfig) {
    super({ adapter: new PrismaPg({ connectionString: config.DATABASE_URL }, { schema: RESIDENCY_SCHEMA }) });
  }

  async onModuleDestroy() {
    await this.$disconnect();
  }
}
