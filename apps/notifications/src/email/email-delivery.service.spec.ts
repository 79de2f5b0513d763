import { EMAIL_TEMPLATE_KINDS, type EmailMessage, type EmailTemplate } from '@kitty/contracts';
import { Logger } from '@nestjs/common';

import type { NotificationsConfig } from '../config';
import type { EmailOptOutRepository } from '../email-preferences/email-opt-out.repository';
import { addressHash, verifyUnsubscribeToken } from '../email-preferences/unsubscribe-token';
import { EmailDeliveryService } from './email-delivery.service';
import type { Mailer } from './mailer';
import type { SentEmailRepository } from './sent-email.repository';

const JOB_ID = 'a3c5e7f9-1b2d-4f6a-8c0e-2a4b6c8d0e1f';
const config = {
  PUBLIC_URL: 'https://kitty.example',
  SUPPORT_EMAIL: 'support@kitty.example',
  SUPPORT_PHONE: '+44 20 7946 0000',
  EMAIL_LINK_SECRET: 'k'.repeat(48),
} as NotificationsConfig;

const invitation: EmailMessage = {
  template: 'pot-invitation',
  to: 'Grace@example.com',
  data: {
    inviteeName: 'Grace',
    inviterName: 'Ada',
    potName: 'Lisbon',
    inviteUrl: 'https://kitty.example/invite/abc',
    expiresAt: '2026-11-29T10:00:00.000Z',
  },
};

const contactMessage: EmailMessage = {
  template: 'contact-received',
  to: 'support@kitty.example',
  data: { contactId: 'c-1', name: 'Ada', email: 'ada@example.com', subject: 'Hello', message: 'Hi there' },
};

/** One e-mail of every template (the compiler refuses a template without one). */
const SAMPLES: { [T in EmailTemplate]: Extract<EmailMessage, { template: T }> } = {
  'verify-email': {
    template: 'verify-email',
    to: 'ada@example.com',
    data: { fullName: 'Ada', token: 'verify-token', expiresAt: '2026-11-29T10:00:00.000Z' },
  },
  'password-reset': {
    template: 'password-reset',
    to: 'ada@example.com',
    data: { fullName: 'Ada', token: 'reset-token', expiresAt: '2026-11-29T10:00:00.000Z' },
  },
  'password-changed': {
    template: 'password-changed',
    to: 'ada@example.com',
    data: { fullName: 'Ada', how: 'changed' },
  },
  'sign-up-attempt': { template: 'sign-up-attempt', to: 'ada@example.com', data: { fullName: 'Ada' } },
  'bank-account-changed': {
    template: 'bank-account-changed',
    to: 'ada@example.com',
    data: {
      fullName: 'Ada',
      accountLabel: 'NatWest •••• 2345',
      replaced: true,
      payoutsAvailableFrom: '2026-11-30T09:12:00.000Z',
    },
  },
  'contact-received': contactMessage as Extract<EmailMessage, { template: 'contact-received' }>,
  welcome: { template: 'welcome', to: 'ada@example.com', data: { fullName: 'Ada' } },
  'pot-invitation': invitation as Extract<EmailMessage, { template: 'pot-invitation' }>,
  'top-up-request': {
    template: 'top-up-request',
    to: 'grace@example.com',
    data: {
      requesterName: 'Ada',
      amount: '£25.00',
      message: 'For the cabin',
      targetName: "Ada's Kitty wallet",
      topUpUrl: 'https://kitty.example/top-up?request=r-1',
    },
  },
  'pot-withdrawal': {
    template: 'pot-withdrawal',
    to: 'grace@example.com',
    data: {
      memberName: 'Grace',
      withdrawerName: 'Ada',
      amount: '£25.00',
      potName: 'Lisbon',
      potUrl: 'https://kitty.example/pot/p-1',
    },
  },
  'pot-reminder': {
    template: 'pot-reminder',
    to: 'grace@example.com',
    data: {
      debtorName: 'Grace',
      reminderName: 'Ada',
      creditorName: 'Ada',
      amount: '£25.00',
      potName: 'Lisbon',
      potUrl: 'https://kitty.example/pot/p-1',
    },
  },
  notification: {
    template: 'notification',
    to: 'grace@example.com',
    data: {
      fullName: 'Grace',
      title: 'Ada added Dinner',
      body: '£25.00, split with you',
      url: 'https://kitty.example/pot/p-1',
      preferencesUrl: 'https://kitty.example/account#notifications',
    },
  },
};

/** The repository as an in-memory set of job ids; the transport records what it was asked to send. */
function setup({ failSending = false, optedOut = [] as string[] } = {}) {
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
  const optOuts = { isOptedOut: jest.fn(async (hash: string) => optedOut.map(addressHash).includes(hash)) };
  const service = new EmailDeliveryService(
    config,
    repository as unknown as SentEmailRepository,
    mailer as unknown as Mailer,
    optOuts as unknown as EmailOptOutRepository,
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

  it('gives an invitation List-Unsubscribe with one-click and a visible opt-out', async () => {
    const { service, mailer } = setup();
    await service.deliver(JOB_ID, invitation);
    const mail = (mailer.send.mock.calls[0] as unknown as [Record<string, unknown>])[0] as {
      text: string;
      html: string;
      headers: Record<string, string>;
    };
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const [mailto, https] = mail.headers['List-Unsubscribe'].split(', ');
    expect(mailto).toMatch(/^<mailto:support@kitty\.example\?subject=unsubscribe%20[\w-]+\.[\w-]+>$/);
    const oneClick = new URL(https.slice(1, -1));
    expect(oneClick.origin + oneClick.pathname).toBe(
      'https://kitty.example/api/email-preferences/unsubscribe',
    );
    const token = oneClick.searchParams.get('token') ?? '';
    expect(verifyUnsubscribeToken(token, config.EMAIL_LINK_SECRET)).toBe(addressHash('grace@example.com'));
    const page = `https://kitty.example/unsubscribe?token=${token}`;
    expect(mail.text).toContain(`Unsubscribe: ${page}`);
    expect(mail.html).toContain(`href="${page}"`);
  });

  it.each(Object.keys(SAMPLES) as EmailTemplate[])(
    'gives %s List-Unsubscribe exactly when it is not a security notice or a message to support',
    async (template) => {
      const { service, mailer } = setup();
      await service.deliver(JOB_ID, SAMPLES[template]);
      const [[mail]] = mailer.send.mock.calls as unknown as [
        [{ headers?: Record<string, string>; text: string }],
      ];
      if (EMAIL_TEMPLATE_KINDS[template] === 'unsubscribable') {
        expect(mail.headers).toEqual({
          'List-Unsubscribe': expect.stringMatching(
            /^<mailto:[^>]+>, <https:\/\/kitty\.example\/api\/email-preferences\/unsubscribe\?token=[\w-]+\.[\w-]+>$/,
          ),
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        });
        expect(mail.text).toContain('Unsubscribe: https://kitty.example/unsubscribe?token=');
      } else {
        expect(mail.headers).toBeUndefined();
        expect(mail.text).not.toContain('unsubscribe');
      }
    },
  );

  it('keeps List-Unsubscribe off every security notice', () => {
    const security = Object.entries(EMAIL_TEMPLATE_KINDS).filter(([, kind]) => kind === 'security');
    expect(security.map(([template]) => template).sort()).toEqual([
      'bank-account-changed',
      'password-changed',
      'password-reset',
      'sign-up-attempt',
      'verify-email',
    ]);
  });

  it('sends nothing but security notices to an address that opted out, and completes the job quietly', async () => {
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    const { service, mailer, repository } = setup({ optedOut: ['grace@example.com'] });
    for (const template of Object.keys(SAMPLES) as EmailTemplate[])
      await service.deliver(`job-${template}`, {
        ...SAMPLES[template],
        to: 'grace@example.com',
      } as EmailMessage);
    const sent = (mailer.send.mock.calls as unknown as [{ subject: string }][]).map(([mail]) => mail.subject);
    expect(sent).toEqual([
      'Confirm your e-mail address for Kitty',
      'Reset your Kitty password',
      'Your Kitty password was changed',
      'Someone tried to create a Kitty account with your e-mail',
      'Your Kitty bank account for withdrawals was changed',
      'Contact form: Hello',
    ]);
    expect(repository.record).toHaveBeenCalledTimes(sent.length);
  });
});
