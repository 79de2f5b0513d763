import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';

import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from './config';
import { PrismaClient } from './generated/prisma/client';

/** The notifications service's own Postgres schema; raw SQL must name it (see OUTBOX_TABLE). */
export const NOTIFICATIONS_SCHEMA = 'notifications';
export const OUTBOX_TABLE = `"${NOTIFICATIONS_SCHEMA}"."outbox"`;

@Injectable()
export class PrismaService extends PrismaClient implements OnModuleDestroy {
  constructor(@Inject(NOTIFICATIONS_CONFIG) config: NotificationsConfig) {
    super({
      adapter: new PrismaPg({ connectionString: config.DATABASE_URL }, { schema: NOTIFICATIONS_SCHEMA }),
    });
  }

  async onModuleDestroy() {
    await this.$disconnect();
  }
}
