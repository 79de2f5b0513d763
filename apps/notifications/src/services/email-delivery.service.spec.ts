import type { EmailMessage } from '@kitty/contracts';
import { Logger } from '@nestjs/common';

import type { NotificationsConfig } from '../config';
import type { SentEmailRepository } from '../repositories/sent-email.repository';
import { EmailDeliveryService } from './email-delivery.service';
import type { Mailer } from './mailer';

const JOB_ID = 'a3c5e7f9-1b2d-4f6a-8c0e-2a4b6c8d0e1f';
const config = {
  PUBLIC_URL: 'https://kitty.example',
  SUPPORT_EMAIL: 'support@kitty.example',
  SUPPORT_PHONE: '+44 20 7946 0000',
} as NotificationsConfig;

const contactMessage: EmailMessage = {
  template: 'contact-received',
  to: 'support@kitty.example',
  data: { contactId: 'c-1', name: 'Ada', email: 'ada@example.com', subject: 'Hello', message: 'Hi there' },
};

/** The repository as an in-memory set of job ids; the transport records what it was asked to send. */
function setup({ failSending = false } = {}) {
  const sent = new Set<string>();
  const repository = {
    wasSent: jest.fn(async (jobId: string) => sent.has(jobId)),
    record: jest.fn(async ({ jobId }: { jobId: string }) => void sent.add(jobId)),
  };
  const mailer = {
    send: jest.fn(async () => {
      if (failSending) throw new Error('SMTP 421 try again later');
    }),
  };
  const service = new EmailDeliveryService(
    config,
    repository as unknown as SentEmailRepository,
    mailer as unknown as Mailer,
  );
  return { service, repository, mailer };
}

describe('EmailDeliveryService.deliver', () => {
  afterEach(() => jest.restoreAllMocks());

  it('renders the template, sends it and records the job', async () => {
    const { service, repository, mailer } = setup();
    await service.deliver(JOB_ID, contactMessage);
    expect(mailer.send).toHaveBeenCalledWith({
      to: 'support@kitty.example',
      subject: 'Contact form: Hello',
      text: expect.stringContaining('Hi there'),
      html: expect.stringContaining('Hi there'),
      replyTo: { name: 'Ada', address: 'ada@example.com' },
    });
    expect(repository.record).toHaveBeenCalledWith({
      jobId: JOB_ID,
      template: 'contact-received',
      recipient: 'support@kitty.example',
    });
  });

  it('does not send a retried job again once it was sent', async () => {
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    const { service, mailer } = setup();
    await service.deliver(JOB_ID, contactMessage);
    await service.deliver(JOB_ID, contactMessage);
    expect(mailer.send).toHaveBeenCalledTimes(1);
  });

  it('sends different jobs with the same content separately', async () => {
    const { service, mailer } = setup();
    await service.deliver(JOB_ID, contactMessage);
    await service.deliver('another-job', contactMessage);
    expect(mailer.send).toHaveBeenCalledTimes(2);
  });

  it('records nothing when sending fails, so the retry sends it', async () => {
    const { service, repository } = setup({ failSending: true });
    await expect(service.deliver(JOB_ID, contactMessage)).rejects.toThrow('SMTP 421');
    expect(repository.record).not.toHaveBeenCalled();
  });
});
