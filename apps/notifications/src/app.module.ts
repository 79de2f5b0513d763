import { EmailQueue } from '@kitty/contracts';
import {
  createHealthController,
  DEPENDENCY_CHECKS,
  loggerModule,
  OutboxRelay,
  postgresCheck,
  QueueRegistry,
  RedisCheck,
} from '@kitty/nest-common';
import { Module, type OnApplicationShutdown } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';

import { loadNotificationsConfig, NOTIFICATIONS_CONFIG, type NotificationsConfig } from './config';
import { ContactController } from './controllers/contact.controller';
import { OUTBOX_TABLE, PrismaService } from './prisma.service';
import { EmailSendProcessor } from './processors/email-send.processor';
import { ContactMessageRepository } from './repositories/contact-message.repository';
import { OutboxRepository } from './repositories/outbox.repository';
import { SentEmailRepository } from './repositories/sent-email.repository';
import { ContactService } from './services/contact.service';
import { EmailDeliveryService } from './services/email-delivery.service';
import { Mailer } from './services/mailer';

const config = loadNotificationsConfig();

@Module({
  imports: [loggerModule(config.LOG_LEVEL, 'notifications'), TerminusModule],
  controllers: [ContactController, createHealthController('notifications')],
  providers: [
    { provide: NOTIFICATIONS_CONFIG, useValue: config },
    PrismaService,
    ContactMessageRepository,
    OutboxRepository,
    SentEmailRepository,
    Mailer,
    ContactService,
    EmailDeliveryService,
    EmailSendProcessor,
    {
      provide: RedisCheck,
      useFactory: (c: NotificationsConfig) => new RedisCheck(c.REDIS_URL),
      inject: [NOTIFICATIONS_CONFIG],
    },
    {
      provide: DEPENDENCY_CHECKS,
      useFactory: (prisma: PrismaService, redis: RedisCheck) => [postgresCheck(prisma), redis],
      inject: [PrismaService, RedisCheck],
    },
    {
      provide: OutboxRelay,
      useFactory: (prisma: PrismaService, c: NotificationsConfig) =>
        new OutboxRelay(prisma, OUTBOX_TABLE, new QueueRegistry(c.REDIS_URL, c.QUEUE_PREFIX, [EmailQueue])),
      inject: [PrismaService, NOTIFICATIONS_CONFIG],
    },
  ],
})
export class AppModule implements OnApplicationShutdown {
  constructor(private readonly redisCheck: RedisCheck) {}

  async onApplicationShutdown() {
    await this.redisCheck.close();
  }
}

export { config };
