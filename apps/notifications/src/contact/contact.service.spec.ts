import { type CreateContactMessageCommand, EmailMessage, EmailQueue } from '@kitty/contracts';
import type { OutboxRelay } from '@kitty/nest-common';

import type { NotificationsConfig } from '../config';
import type { PrismaService } from '../prisma.service';
import { ContactService } from './contact.service';
import type { ContactMessageRepository } from './contact-message.repository';
import type { OutboxRepository } from './outbox.repository';

const CONTACT_ID = '5d7e9f1a-3b5c-4d7e-9f1a-3b5c7d9e1f3a';
const command: CreateContactMessageCommand = {
  body: { name: 'Ada', email: 'ada@example.com', subject: 'Hello', message: 'Hi there' },
  userId: null,
};

function setup() {
  const tx = { name: 'transaction' };
  const calls: string[] = [];
  const prisma = {
    $transaction: jest.fn(async (work: (t: typeof tx) => Promise<unknown>) => {
      calls.push('begin');
      const result = await work(tx);
      calls.push('commit');
      return result;
    }),
  };
  const contacts = { create: jest.fn(async () => ({ id: CONTACT_ID })) };
  const outbox = { add: jest.fn(async () => undefined) };
  const relay = { kick: jest.fn(() => void calls.push('kick')) };
  const service = new ContactService(
    { SUPPORT_EMAIL: 'support@kitty.example' } as NotificationsConfig,
    prisma as unknown as PrismaService,
    contacts as unknown as ContactMessageRepository,
    outbox as unknown as OutboxRepository,
    relay as unknown as OutboxRelay,
  );
  return { service, tx, contacts, outbox, calls };
}

describe('ContactService.create', () => {
  it('stores the message and queues its e-mail to support in one transaction, then kicks the relay', async () => {
    const { service, tx, contacts, outbox, calls } = setup();
    await expect(service.create(command)).resolves.toEqual({ id: CONTACT_ID });

    expect(contacts.create).toHaveBeenCalledWith(tx, { userId: null, ...command.body });
    expect(outbox.add).toHaveBeenCalledWith(tx, {
      queue: EmailQueue.name,
      jobName: 'notifications.email.send.v1',
      payload: {
        template: 'contact-received',
        to: 'support@kitty.example',
        data: { contactId: CONTACT_ID, ...command.body },
      },
    });
    expect(calls).toEqual(['begin', 'commit', 'kick']);
  });

  it('queues a payload the e-mail consumer accepts', async () => {
    const { service, outbox } = setup();
    await service.create(command);
    const [[, message]] = outbox.add.mock.calls as unknown as [[unknown, { payload: unknown }]];
    expect(EmailMessage.safeParse(message.payload).success).toBe(true);
  });
});
