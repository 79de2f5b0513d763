import { type DirectRows, directRows, prismaClientOptions, sqlIdentifier } from '@kitty/nest-common';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';

import { POTS_CONFIG, type PotsConfig } from './config';
import { type Prisma, PrismaClient } from './generated/prisma/client';

export const POTS_SCHEMA = 'pots';
export const OUTBOX_TABLE = sqlIdentifier(POTS_SCHEMA, 'outbox');

export type Tx = Prisma.TransactionClient;

@Injectable()
export class PrismaService extends PrismaClient implements OnModuleDestroy {
  /** Hot reads past Prisma's query path, on the same pool (see directRows). */
  readonly directRows: DirectRows;

  constructor(@Inject(POTS_CONFIG) config: PotsConfig) {
    const options = prismaClientOptions(config, POTS_SCHEMA);
    super(options);
    this.directRows = directRows(options);
  }

  async onModuleDestroy() {
    await this.$disconnect();
  }
}
