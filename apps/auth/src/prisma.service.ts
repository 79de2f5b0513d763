import { prismaClientOptions } from '@kitty/nest-common';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';

import { AUTH_CONFIG, type AuthConfig } from './config';
import { PrismaClient } from './generated/prisma/client';

/** The auth service's own Postgres schema. */
export const AUTH_SCHEMA = 'auth';
export const OUTBOX_TABLE = `"${AUTH_SCHEMA}"."outbox"`;

@Injectable()
export class PrismaService extends PrismaClient implements OnModuleDestroy {
  constructor(@Inject(AUTH_CONFIG) config: AuthConfig) {
    super(prismaClientOptions(config.DATABASE_URL, AUTH_SCHEMA));
  }

  async onModuleDestroy() {
    await this.$disconnect();
  }
}
