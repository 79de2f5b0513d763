import { prismaClientOptions, sqlIdentifier } from '@kitty/nest-common';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';

import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from './config';
import { PrismaClient } from './generated/prisma/client';

/** The notifications service's own Postgres schema. */
export const NOTIFICATIONS_SCHEMA = 'notifications';
export const OUTBOX_TABLE = sqlIdentifier(NOTIFICATIONS_SCHEMA, 'outbox');

@Injectable()
export class PrismaService extends PrismaClient implements OnModuleDestroy {
  constructor(@Inject(NOTIFICATIONS_CONFIG) config: NotificationsConfig) {
    super(prismaClientOptions(config, NOTIFICATIONS_SCHEMA));
  }

  async onModuleDestroy() {
    await this.$disconnect();
  }
}
