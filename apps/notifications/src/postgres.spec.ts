// Against the real Postgres: a database of its own, migrated with the project's migration tool and
// dropped afterwards.
import { randomUUID } from 'node:crypto';

import { EmailQueue } from '@kitty/contracts';
import type { OutboxRelay } from '@kitty/nest-common';
import { createThrowawayDatabase, type ThrowawayDatabase } from '@kitty/testing';

import { loadNotificationsConfig, type NotificationsConfig } from './config';
import { ContactService } from './contact/contact.service';
import { ContactMessageRepository } from './contact/contact-message.repository';
import { OutboxRepository } from './contact/outbox.repository';
import { SentEmailRepository } from './email/sent-email.repository';
import { PrismaService } from './prisma.service';

describe('notifications data (PostgreSQL)', () => {
  let database: ThrowawayDatabase;
  let prisma: PrismaService;

  beforeAll(() => {
    database = createThrowawayDatabase('notifications', loadNotificationsConfig().DATABASE_URL);
    prisma = new PrismaService({ DATABASE_URL: database.url } as NotificationsConfig);
  }, 60_000);

  afterAll(async () => {
    await prisma?.$disconnect();
    await database?.drop();
  });

  describe('ContactService.create', () => {
    it('stores the message and an unrelayed e-mail job for it', async () => {
      const body = { name: 'Ada', email: 'ada@example.com', subject: 'Hi', message: 'Hello' };
      const service = new ContactService(
        { SUPPORT_EMAIL: 'support@kitty.example' } as NotificationsConfig,
        prisma,
        new ContactMessageRepository(),
        new OutboxRepository(),
        { kick: jest.fn() } as unknown as OutboxRelay,
      );
      const { id } = await service.create({ body, userId: null });
      await expect(prisma.contactMessage.findUnique({ where: { id } })).resolves.toMatchObject(body);
      const outbox = await prisma.outboxMessage.findMany({
        where: { payload: { path: ['data', 'contactId'], equals: id } },
      });
      expect(outbox).toEqual([
        expect.objectContaining({
          queue: EmailQueue.name,
          jobName: 'notifications.email.send.v1',
          relayedAt: null,
        }),
      ]);
    });
  });

  describe('SentEmailRepository', () => {
    it('remembers a sent job, and a second record of it is harmless', async () => {
      const sentEmails = new SentEmailRepository(prisma);
      const jobId = randomUUID();
      await expect(sentEmails.wasSent(jobId)).resolves.toBe(false);
      const sent = { jobId, template: 'welcome', recipient: 'ada@example.com' };
      await sentEmails.record(sent);
      await expect(sentEmails.record(sent)).resolves.toBeUndefined();
      await expect(sentEmails.wasSent(jobId)).resolves.toBe(true);
    });
  });
});
