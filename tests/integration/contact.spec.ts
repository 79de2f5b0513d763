// The contact form end to end: gateway → notifications (message and outbox row in one transaction) →
// e-mail queue → SMTP, read back from MailDev's REST API.
import { randomUUID } from 'node:crypto';

import { api, uniqueEmail } from '../support/api';
import { mailTo } from '../support/maildev';

interface Problem {
  status: number;
  title: string;
  errors?: { field: string; message: string }[];
}

const send = (body: unknown) => api<Problem & { id: string }>('/api/contact', { method: 'POST', body });

const fieldsOf = (problem: Problem) => (problem.errors ?? []).map((error) => error.field).sort();

describe('POST /api/contact', () => {
  it('stores the message and e-mails it to support, replying to the sender', async () => {
    const reference = randomUUID().slice(0, 8);
    const sender = uniqueEmail('contact');
    const message = {
      name: 'Ada Lovelace',
      email: sender,
      subject: `Card declined ${reference}`,
      message: `My card was declined at the station.\nReference ${reference}.`,
    };

    const response = await send(message);
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/) });

    const email = await mailTo('support@kitty.example', (e) => e.subject.includes(message.subject));
    expect(email.text).toContain('My card was declined at the station.');
    expect(email.text).toContain(sender);
    expect(email.html).toContain('Ada Lovelace');
    expect(email.replyTo?.map((to) => to.address)).toEqual([sender]);
  });

  it('names every missing field', async () => {
    const response = await send({});
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(fieldsOf(response.body)).toEqual(['email', 'message', 'name', 'subject']);
  });

  it('names every empty field', async () => {
    const response = await send({ name: '', email: '', subject: '   ', message: '' });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(response.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'Please enter your name.' },
        { field: 'subject', message: 'Please enter your subject.' },
        { field: 'message', message: 'Please enter your message.' },
      ]),
    );
    expect(fieldsOf(response.body)).toEqual(['email', 'message', 'name', 'subject']);
  });

  it('refuses an unknown field, naming it', async () => {
    const response = await send({
      name: 'Ada',
      email: uniqueEmail('contact'),
      subject: 'Hello',
      message: 'Hi',
      priority: 'urgent',
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(response.body.errors).toEqual([{ field: 'priority', message: 'Unknown field(s): priority' }]);
  });
});
