import { prismaClientOptions, sqlIdentifier } from '@kitty/nest-common';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';

import { RESIDENCY_CONFIG, type ResidencyConfig } from './config';
import { PrismaClient } from './generated/prisma/client';

/** The residency service's own Postgres schema. */
export const RESIDENCY_SCHEMA = 'residency';
export const OUTBOX_TABLE = sqlIdentifier(RESIDENCY_SCHEMA, 'outbox');

@Injectable()
export class PrismaService extends PrismaClient implements OnModuleDestroy {
  constructor(@Inject(RESIDENCY_CONFIG) config: ResidencyConfig) {
    super(prismaClientOptions(config, RESIDENCY_SCHEMA));
  }

  async onModuleDestroy() {
    await this.$disconnect();
  }
}
