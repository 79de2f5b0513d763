import {
  type ContactCreated,
  type CreateContactMessageCommand,
  type EmailMessage,
  NotificationsJobs,
} from '@kitty/contracts';
import { outboxMessage, OutboxRelay } from '@kitty/nest-common';
import { Inject, Injectable } from '@nestjs/common';

import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../config';
import { PrismaService } from '../prisma.service';
import { ContactMessageRepository } from './contact-message.repository';
import { OutboxRepository } from './outbox.repository';

@Injectable()
export class ContactService {
  constructor(
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig,
    private readonly prisma: PrismaService,
    private readonly contacts: ContactMessageRepository,
    private readonly outbox: OutboxRepository,
    private readonly relay: OutboxRelay,
  ) {}

  /** Keeps the message and queues its e-mail to support in one transaction: neither exists without the other. */
  async create({ body, userId }: CreateContactMessageCommand): Promise<ContactCreated> {
    const id = await this.prisma.$transaction(async (tx) => {
      const { id } = await this.contacts.create(tx, { userId, ...body });
      const email: EmailMessage = {
        template: 'contact-received',
        to: this.config.SUPPORT_EMAIL,
        data: { contactId: id, ...body },
      };
      await this.outbox.add(tx, outboxMessage(NotificationsJobs.sendEmail, email));
      return id;
    });
    this.relay.kick();
    return { id };
  }
}
