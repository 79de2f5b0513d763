import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';

import { AUTH_CONFIG, type AuthConfig } from './config';
import { PrismaClient } from './generated/prisma/client';

/** The auth service's own Postgres schema; raw SQL must name it (see OUTBOX_TABLE). */
export const AUTH_SCHEMA = 'auth';
export const OUTBOX_TABLE = `"${AUTH_SCHEMA}"."outbox"`;

@Injectable()
export class PrismaService extends PrismaClient implements OnModuleDestroy {
  constructor(@Inject(AUTH_CONFIG) config: AuthConfig) {
    super({ adapter: new PrismaPg({ connectionString: config.DATABASE_URL }, { schema: AUTH_SCHEMA }) });
  }

  async onModuleDestroy() {
    await this.$disconnect();
  }
}
