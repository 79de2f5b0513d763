import {
  type DatabaseClientConfig,
  type DirectRows,
  directRows,
  prismaClientOptions,
  sqlIdentifier,
} from '@kitty/nest-common';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';

import { ISSUING_CONFIG } from './config';
import { type Prisma, PrismaClient } from './generated/prisma/client';

export const ISSUING_SCHEMA = 'issuing';
export const OUTBOX_TABLE = sqlIdentifier(ISSUING_SCHEMA, 'outbox');
export type Tx = Prisma.TransactionClient;

@Injectable()
export class PrismaService extends PrismaClient implements OnModuleDestroy {
  /** The card authorisation path's statements past Prisma's query path, on the same pool (see directRows). */
  readonly directRows: DirectRows;

  constructor(@Inject(ISSUING_CONFIG) config: DatabaseClientConfig) {
    const options = prismaClientOptions(config, ISSUING_SCHEMA);
    super(options);
    this.directRows = directRows(options);
  }

  async onModuleDestroy() {
    await this.$disconnect();
  }
}
