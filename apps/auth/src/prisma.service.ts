import { type DirectRows, directRows, prismaClientOptions, sqlIdentifier } from '@kitty/nest-common';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';

import { AUTH_CONFIG, type AuthConfig } from './config';
import { PrismaClient } from './generated/prisma/client';

/** The auth service's own Postgres schema. */
export const AUTH_SCHEMA = 'auth';
export const OUTBOX_TABLE = sqlIdentifier(AUTH_SCHEMA, 'outbox');

@Injectable()
export class PrismaService extends PrismaClient implements OnModuleDestroy {
  /** Hot reads past Prisma's query path, on the same pool (see directRows). */
  readonly directRows: DirectRows;

  constructor(@Inject(AUTH_CONFIG) config: AuthConfig) {
    const options = prismaClientOptions(config, AUTH_SCHEMA);
    super(options);
    this.directRows = directRows(options);
  }

  async onModuleDestroy() {
    await this.$disconnect();
  }
}
