import { prismaClientOptions } from '@kitty/nest-common';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';

import { ISSUING_CONFIG, type IssuingConfig } from './config';
import { type Prisma, PrismaClient } from './generated/prisma/client';

export const ISSUING_SCHEMA = 'issuing';
export const OUTBOX_TABLE = `"${ISSUING_SCHEMA}"."outbox"`;
export type Tx = Prisma.TransactionClient;

@Injectable()
export class PrismaService extends PrismaClient implements OnModuleDestroy {
  constructor(@Inject(ISSUING_CONFIG) config: Pick<IssuingConfig, 'DATABASE_URL'>) {
    super(prismaClientOptions(config.DATABASE_URL, ISSUING_SCHEMA));
  }

  async onModuleDestroy() {
    await this.$disconnect();
  }
}
