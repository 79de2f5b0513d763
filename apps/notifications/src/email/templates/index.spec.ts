import type { EmailMessage } from '@kitty/contracts';

import { renderEmail, type TemplateContext } from '.';

const context: TemplateContext = {
  publicUrl: 'https://kitty.example',
  supportEmail: 'support@kitty.example',
  supportPhone: '+44 20 7946 0000',
};

const welcome = (fullName: string): EmailMessage => ({
  template: 'welcome',
  to: 'ada@example.com',
  data: { fullName },
});

const contact = (overrides: Partial<Extract<EmailMessage, { template: 'contact-received' }>['data']> = {}) =>
  ({
    template: 'contact-received',
    to: 'support@kitty.example',
    data: {
      contactId: '0b9f3c44-7d4e-4a55-9d1b-2f0f6f7f1a10',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      subject: 'Card declined',
      message: 'My card was declined\nat the station.',
      ...overrides,
    },
  }) satisfies EmailMessage;

const invitation = (potName: string): EmailMessage => ({
  template: 'pot-invitation',
  to: 'grace@example.com',
  data: {
    inviteeName: 'Grace',
    inviterName: 'Ada',
    potName,
    inviteUrl: 'https://kitty.example/invite/abc',
    expiresAt: '2026-11-29T10:00:00.000Z',
  },
});

const topUpRequest = (
  overrides: Partial<Extract<EmailMessage, { template: 'top-up-request' }>['data']> = {},
) =>
  ({
    template: 'top-up-request',
    to: 'grace@example.com',
    data: {
      requesterName: 'Ada',
      amount: '£25.00',
      message: 'For the cabin,\nthanks!',
      targetName: 'Lisbon trip',
      topUpUrl: 'https://kitty.example/top-up?potId=6f1c2a10-8f1e-4c55-9d1b-2f0f6f7f1a10&amount=2500',
      ...overrides,
    },
  }) satisfies EmailMessage;

const potWithdrawal = {
  template: 'pot-withdrawal',
  to: 'grace@example.com',
  data: {
    memberName: 'Grace',
    withdrawerName: 'Ada <b>',
    amount: '£10.00',
    potName: 'Lisbon trip',
    potUrl: 'https://kitty.example/pot/6f1c2a10-8f1e-4c55-9d1b-2f0f6f7f1a10',
  },
} satisfies EmailMessage;

const potReminder = {
  template: 'pot-reminder',
  to: 'ben@example.com',
  data: {
    debtorName: 'Ben',
    reminderName: 'Ann <i>',
    creditorName: 'Cal',
    amount: '£12.50',
    potName: 'Lisbon\r\ntrip',
    potUrl: 'https://kitty.example/pot/6f1c2a10-8f1e-4c55-9d1b-2f0f6f7f1a10',
  },
} satisfies EmailMessage;

const notification = {
  template: 'notification',
  to: 'ben@example.com',
  data: {
    fullName: 'Ben',
    title: 'Ann <b> added "Dinner" (£60.00)\r\nBcc: x@evil.example',
    body: 'In Lisbon trip',
    url: 'https://kitty.example/pot/6f1c2a10-8f1e-4c55-9d1b-2f0f6f7f1a10',
    preferencesUrl: 'https://kitty.example/account#notifications',
  },
} satisfies EmailMessage;

describe('renderEmail: every template', () => {
  it.each([
    welcome('Ada'),
    contact(),
    invitation('Lisbon'),
    topUpRequest(),
    potWithdrawal,
    potReminder,
    notification,
  ])('puts the support e-mail and phone in both footers ($template)', (message) => {
    const email = renderEmail(message, context);
    expect(email.html).toContain('href="mailto:support@kitty.example"');
    expect(email.html).toContain('href="tel:+442079460000"');
    expect(email.html).toContain('+44 20 7946 0000');
    expect(email.text).toContain('support@kitty.example');
    expect(email.text).toContain('+44 20 7946 0000');
    expect(email.html).toMatch(/^<!doctype html>/);
  });
});

describe('pot-withdrawal', () => {
  it('tells a member who withdrew how much from which pot, escaped, with the pot’s link', () => {
    const email = renderEmail(potWithdrawal, context);
    expect(email.subject).toBe('Ada <b> withdrew £10.00 from Lisbon trip');
    expect(email.html).toContain('Ada &lt;b&gt; withdrew <strong>£10.00</strong>');
    expect(email.html).toContain('href="https://kitty.example/pot/6f1c2a10-8f1e-4c55-9d1b-2f0f6f7f1a10"');
    expect(email.text).toContain('Hi Grace,');
    expect(email.text).toContain(
      'See the pot: https://kitty.example/pot/6f1c2a10-8f1e-4c55-9d1b-2f0f6f7f1a10',
    );
  });
});

describe('pot-reminder', () => {
  it('tells the debtor who reminds them, how much they owe to whom in which pot, escaped, with the link', () => {
    const email = renderEmail(potReminder, context);
    expect(email.subject).toBe('Ann <i> reminds you that you owe £12.50 to Cal in Lisbon trip');
    expect(email.html).toContain('Ann &lt;i&gt; reminds you that you owe <strong>£12.50</strong>');
    expect(email.html).toContain('href="https://kitty.example/pot/6f1c2a10-8f1e-4c55-9d1b-2f0f6f7f1a10"');
    expect(email.html).not.toContain('<i>');
    expect(email.text).toContain('Hi Ben,');
    expect(email.text).toContain('Ann <i> reminds you that you owe £12.50 to Cal in Lisbon\r\ntrip');
    expect(email.text).toContain('https://kitty.example/pot/6f1c2a10-8f1e-4c55-9d1b-2f0f6f7f1a10');
  });
});

describe('notification', () => {
  it('says what happened, escaped, on one subject line, with the link and the way to stop such e-mails', () => {
    const email = renderEmail(notification, context);
    expect(email.subject).toBe('Ann <b> added "Dinner" (£60.00) Bcc: x@evil.example');
    expect(email.html).toContain('Ann &lt;b&gt; added &quot;Dinner&quot; (£60.00)');
    expect(email.html).not.toContain('<b>');
    expect(email.html).toContain('href="https://kitty.example/pot/6f1c2a10-8f1e-4c55-9d1b-2f0f6f7f1a10"');
    expect(email.html).toContain('href="https://kitty.example/account#notifications"');
    expect(email.text).toContain('Hi Ben,');
    expect(email.text).toContain('In Lisbon trip');
    expect(email.text).toContain('Choose which e-mails you get: https://kitty.example/account#notifications');
  });
});

describe('notification with details (a receipt)', () => {
  it('lists each fact as a table row and as a text line, escaped', () => {
    const email = renderEmail(
      {
        ...notification,
        data: {
          ...notification.data,
          title: '£20.00 added to your wallet',
          details: [
            { label: 'Amount added', value: '£20.00' },
            { label: 'Platform fee', value: '£0.40' },
            { label: 'Total charged', value: '£20.40' },
            { label: 'Reference', value: '<ref>' },
          ],
        },
      },
      context,
    );
    expect(email.html).toMatch(/Total charged<\/td>\s*<td[^>]*>£20\.40<\/td>/);
    expect(email.html).toContain('&lt;ref&gt;');
    expect(email.text).toMatch(/Amount added: £20\.00\r?\nPlatform fee: £0\.40\r?\nTotal charged: £20\.40/);
  });
});

describe('welcome', () => {
  it('greets the user by name in the subject and links to the app', () => {
    const email = renderEmail(welcome('Ada Lovelace'), context);
    expect(email.subject).toBe('Welcome to Kitty, Ada Lovelace');
    expect(email.html).toContain('href="https://kitty.example"');
    expect(email.text).toContain('https://kitty.example');
    expect(email.replyTo).toBeUndefined();
  });

  it('escapes the name in HTML and keeps the subject on one line', () => {
    const email = renderEmail(welcome('<script>alert(1)</script>\r\nBcc: x@evil.example'), context);
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(email.subject).toBe('Welcome to Kitty, <script>alert(1)</script> Bcc: x@evil.example');
  });
});

describe('verify-email', () => {
  it('links to /verify-email with the token, on the public URL', () => {
    const email = renderEmail(
      {
        template: 'verify-email',
        to: 'ada@example.com',
        data: { fullName: 'Ada', token: 'tok+/=', expiresAt: '' },
      },
      context,
    );
    expect(email.subject).toBe('Confirm your e-mail address for Kitty');
    expect(email.html).toContain('href="https://kitty.example/verify-email?token=tok%2B%2F%3D"');
    expect(email.text).toContain('https://kitty.example/verify-email?token=tok%2B%2F%3D');
  });
});

describe('password-reset and password-changed', () => {
  it('links to /reset-password with the token and says it expires in 30 minutes', () => {
    const email = renderEmail(
      {
        template: 'password-reset',
        to: 'ada@example.com',
        data: { fullName: 'Ada', token: 'tok+/=', expiresAt: '' },
      },
      context,
    );
    expect(email.subject).toBe('Reset your Kitty password');
    expect(email.html).toContain('href="https://kitty.example/reset-password?token=tok%2B%2F%3D"');
    expect(email.text).toContain('https://kitty.example/reset-password?token=tok%2B%2F%3D');
    expect(email.text).toContain('expires in 30 minutes');
  });

  it.each([
    ['reset', 'Every device was signed out.'],
    ['changed', 'Your other devices were signed out.'],
  ] as const)('tells the owner their password was %s and how to act if it was not them', (how, signedOut) => {
    const email = renderEmail(
      { template: 'password-changed', to: 'ada@example.com', data: { fullName: 'Ada', how } },
      context,
    );
    expect(email.subject).toBe('Your Kitty password was changed');
    expect(email.text).toContain(signedOut);
    expect(email.text).toContain('https://kitty.example/forgot-password');
  });
});

describe('sign-up-attempt', () => {
  it('tells the owner someone tried their address and points to sign-in', () => {
    const email = renderEmail(
      { template: 'sign-up-attempt', to: 'ada@example.com', data: { fullName: 'Ada' } },
      context,
    );
    expect(email.subject).toBe('Someone tried to create a Kitty account with your e-mail');
    expect(email.text).toContain('https://kitty.example/auth');
  });
});

describe('contact-received', () => {
  it('shows support who wrote what, and lets them reply to the sender', () => {
    const email = renderEmail(contact(), context);
    expect(email.subject).toBe('Contact form: Card declined');
    expect(email.replyTo).toEqual({ name: 'Ada Lovelace', address: 'ada@example.com' });
    for (const part of [
      'Ada Lovelace',
      'ada@example.com',
      'Card declined',
      '0b9f3c44-7d4e-4a55-9d1b-2f0f6f7f1a10',
    ]) {
      expect(email.html).toContain(part);
      expect(email.text).toContain(part);
    }
    expect(email.html).toContain('My card was declined<br>at the station.');
    expect(email.text).toContain('My card was declined\nat the station.');
  });

  it('escapes everything the sender typed', () => {
    const email = renderEmail(
      contact({
        name: '<b>Eve</b>',
        subject: 'Hi <img src=x onerror=alert(1)>',
        message: '"><script>steal()</script>',
      }),
      context,
    );
    expect(email.html).not.toMatch(/<b>Eve|<img|<script>/);
    expect(email.html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
    expect(email.html).toContain('&quot;&gt;&lt;script&gt;steal()&lt;/script&gt;');
    expect(email.subject).toBe('Contact form: Hi <img src=x onerror=alert(1)>');
  });

  it('flattens a multi-line subject into one header line', () => {
    expect(renderEmail(contact({ subject: 'Help\r\n  please' }), context).subject).toBe(
      'Contact form: Help please',
    );
  });
});

describe('renderEmail: pot-invitation', () => {
  it('links to the invitation, says when it expires and escapes the pot name', () => {
    const email = renderEmail(invitation('<b>Rent</b>'), context);
    expect(email.subject).toBe('Ada invited you to the pot "<b>Rent</b>" on Kitty');
    expect(email.html).toContain('href="https://kitty.example/invite/abc"');
    expect(email.html).toContain('&lt;b&gt;Rent&lt;/b&gt;');
    expect(email.html).not.toContain('<b>Rent</b>');
    expect(email.text).toContain('expires on 29 November 2026');
  });
});

describe('renderEmail: top-up-request', () => {
  it('names who asks for how much, keeps their message and links to Add Funds', () => {
    const email = renderEmail(topUpRequest(), context);
    expect(email.subject).toBe('Ada asked you to top up Lisbon trip');
    expect(email.html).toContain(
      'href="https://kitty.example/top-up?potId=6f1c2a10-8f1e-4c55-9d1b-2f0f6f7f1a10&amp;amount=2500"',
    );
    expect(email.html).toContain('Add £25.00');
    expect(email.html).toContain('For the cabin,<br>thanks!');
    expect(email.text).toContain('Ada asked you to add £25.00 to Lisbon trip on Kitty.');
    expect(email.text).toContain('For the cabin,\nthanks!');
    expect(email.text).toContain(
      'Add £25.00: https://kitty.example/top-up?potId=6f1c2a10-8f1e-4c55-9d1b-2f0f6f7f1a10&amount=2500',
    );
  });

  it('leaves the message out when there is none', () => {
    const email = renderEmail(topUpRequest({ message: '  ' }), context);
    expect(email.html).not.toContain('background:#f6f8f7;border-radius:8px;');
    expect(email.text).toContain('on Kitty.\n\nAdd £25.00:');
  });

  it('escapes what the requester typed and keeps the subject on one line', () => {
    const email = renderEmail(
      topUpRequest({ requesterName: '<b>Eve</b>\r\nBcc: x@evil.example', message: '<script>x()</script>' }),
      context,
    );
    expect(email.html).not.toMatch(/<b>Eve|<script>/);
    expect(email.html).toContain('&lt;script&gt;x()&lt;/script&gt;');
    expect(email.subject).toBe('<b>Eve</b> Bcc: x@evil.example asked you to top up Lisbon trip');
  });
});

describe('bank-account-changed', () => {
  const changed = (replaced: boolean, payoutsAvailableFrom: string | null): EmailMessage => ({
    template: 'bank-account-changed',
    to: 'ada@example.com',
    data: { fullName: 'Ada', accountLabel: 'NatWest •••• 9911', replaced, payoutsAvailableFrom },
  });

  it('tells the owner the new destination, when withdrawals to it start, and what to do if it was not them', () => {
    const email = renderEmail(changed(true, '2026-11-30T09:12:00.000Z'), context);
    expect(email.subject).toBe('Your Kitty bank account for withdrawals was changed');
    expect(email.text).toContain('was just changed to NatWest •••• 9911.');
    expect(email.text).toContain('Withdrawals to NatWest •••• 9911 are available from 30 Nov, 09:12.');
    expect(email.text).toContain('https://kitty.example/forgot-password');
    expect(email.html).toContain('https://kitty.example/account#bank-account');
  });

  it('says a first bank account was added, with no wait', () => {
    const email = renderEmail(changed(false, null), context);
    expect(email.text).toContain('NatWest •••• 9911 was just added');
    expect(email.text).not.toContain('are available from');
  });
});
