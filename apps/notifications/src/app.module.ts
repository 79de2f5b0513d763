import { EmailQueue } from '@kitty/contracts';
import { RpcModule, serviceInfrastructure } from '@kitty/nest-common';
import { Module } from '@nestjs/common';

import { loadNotificationsConfig, NOTIFICATIONS_CONFIG } from './config';
import { ContactController } from './controllers/contact.controller';
import { EmailPreferencesController } from './controllers/email-preferences.controller';
import { NotificationCentre } from './notification-centre/notification-centre.service';
import { NotificationsController } from './notification-centre/notifications.controller';
import { NotifyProcessor } from './notification-centre/notify.processor';
import { NotificationsUserDeletedProcessor } from './notification-centre/user-deleted.processor';
import { OUTBOX_TABLE, PrismaService } from './prisma.service';
import { EmailSendProcessor } from './processors/email-send.processor';
import { ContactMessageRepository } from './repositories/contact-message.repository';
import { EmailOptOutRepository } from './repositories/email-opt-out.repository';
import { OutboxRepository } from './repositories/outbox.repository';
import { SentEmailRepository } from './repositories/sent-email.repository';
import { ContactService } from './services/contact.service';
import { EmailDeliveryService } from './services/email-delivery.service';
import { EmailPreferencesService } from './services/email-preferences.service';
import { Mailer } from './services/mailer';

export const config = loadNotificationsConfig();
const infrastructure = serviceInfrastructure({
  service: 'notifications',
  config,
  prisma: PrismaService,
  outbox: { table: OUTBOX_TABLE, queues: [EmailQueue] },
});

@Module({
  imports: [
    ...infrastructure.imports,
    // The notification centre asks auth where a user's e-mail goes.
    RpcModule.register({ redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX }),
  ],
  controllers: [
    ContactController,
    EmailPreferencesController,
    NotificationsController,
    ...infrastructure.controllers,
  ],
  providers: [
    ...infrastructure.providers,
    { provide: NOTIFICATIONS_CONFIG, useValue: config },
    ContactMessageRepository,
    OutboxRepository,
    SentEmailRepository,
    EmailOptOutRepository,
    Mailer,
    ContactService,
    EmailDeliveryService,
    EmailPreferencesService,
    EmailSendProcessor,
    NotificationCentre,
    NotifyProcessor,
    NotificationsUserDeletedProcessor,
  ],
})
export class AppModule {}
