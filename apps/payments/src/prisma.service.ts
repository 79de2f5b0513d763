import { type DirectRows, directRows, prismaClientOptions, sqlIdentifier } from '@kitty/nest-common';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';

import { PAYMENTS_CONFIG, type PaymentsConfig } from './config';
import { type Prisma, PrismaClient } from './generated/prisma/client';

export const PAYMENTS_SCHEMA = 'payments';
export const OUTBOX_TABLE = sqlIdentifier(PAYMENTS_SCHEMA, 'outbox');

export type Tx = Prisma.TransactionClient;

@Injectable()
export class PrismaService extends PrismaClient implements OnModuleDestroy {
  /** The card authorisation path's statements past Prisma's query path, on the same pool (see directRows). */
  readonly directRows: DirectRows;

  constructor(@Inject(PAYMENTS_CONFIG) config: PaymentsConfig) {
    const options = prismaClientOptions(config, PAYMENTS_SCHEMA);
    super(options);
    this.directRows = directRows(options);
  }

  async onModuleDestroy() {
    await this.$disconnect();
  }
}
