// Against the real Postgres: a database of its own, migrated with the project's migration tool and
// dropped afterwards.
import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';

import { EmailQueue } from '@kitty/contracts';
import type { OutboxRelay } from '@kitty/nest-common';
import { Client } from 'pg';

import { loadNotificationsConfig, type NotificationsConfig } from '../config';
import { PrismaService } from '../prisma.service';
import { ContactService } from '../services/contact.service';
import { ContactMessageRepository } from './contact-message.repository';
import { OutboxRepository } from './outbox.repository';
import { SentEmailRepository } from './sent-email.repository';

const ROOT = path.resolve(__dirname, '../../../..');

function databaseUrl(name: string) {
  const url = new URL(loadNotificationsConfig().DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

describe('notifications data (PostgreSQL)', () => {
  const database = `kitty_notifications_spec_${randomBytes(6).toString('hex')}`;
  let prisma: PrismaService;

  beforeAll(() => {
    // `deploy` creates the database, then applies this app's migrations to its schema.
    execFileSync(process.execPath, [path.join(ROOT, 'infra/db/migrate.js'), 'deploy', 'notifications'], {
      env: { DATABASE_URL: databaseUrl(database) },
      stdio: 'pipe',
    });
    prisma = new PrismaService({ DATABASE_URL: databaseUrl(database) } as NotificationsConfig);
  }, 60_000);

  afterAll(async () => {
    await prisma?.$disconnect();
    const admin = new Client({ connectionString: databaseUrl('postgres') });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await admin.end();
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
