import { EmailQueue } from '@kitty/contracts';
import { RpcModule, serviceInfrastructure } from '@kitty/nest-common';
import { Module } from '@nestjs/common';

import { loadNotificationsConfig, NOTIFICATIONS_CONFIG } from './config';
import { ContactController } from './contact/contact.controller';
import { ContactService } from './contact/contact.service';
import { ContactMessageRepository } from './contact/contact-message.repository';
import { OutboxRepository } from './contact/outbox.repository';
import { EmailDeliveryService } from './email/email-delivery.service';
import { EmailSendProcessor } from './email/email-send.processor';
import { Mailer } from './email/mailer';
import { SentEmailRepository } from './email/sent-email.repository';
import { EmailOptOutRepository } from './email-preferences/email-opt-out.repository';
import { EmailPreferencesController } from './email-preferences/email-preferences.controller';
import { EmailPreferencesService } from './email-preferences/email-preferences.service';
import { NotificationCentre } from './notification-centre/notification-centre.service';
import { NotificationsController } from './notification-centre/notifications.controller';
import { NotifyProcessor } from './notification-centre/notify.processor';
import { NotificationsUserDeletedProcessor } from './notification-centre/user-deleted.processor';
import { OUTBOX_TABLE, PrismaService } from './prisma.service';

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
