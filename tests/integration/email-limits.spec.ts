// Issue 11 §2, e-mail abuse: a user can make Kitty e-mail addresses they choose (top-up requests, pot
// invitations) only so often — per sender and per recipient per day, across every replica — and each such
// e-mail carries List-Unsubscribe (one-click, RFC 8058) and an opt-out link that Kitty honours.
import { randomUUID } from 'node:crypto';

import { api, GATEWAY_URL, MAILDEV_URL, signUpUser, uniqueEmail } from '../support/api';
import { type MaildevEmail, mailTo } from '../support/maildev';
import { bearer, type User } from '../support/pots';

interface Problem {
  status: number;
  title: string;
  detail?: string;
}

/** libs/contracts EMAIL_LIMITS (the suites test the running stack, not library code). */
const EMAIL_LIMITS = { perSenderPerDay: 20, perRecipientPerDay: 3 };

const addresses = (n: number, label = 'chosen') => Array.from({ length: n }, () => uniqueEmail(label));

const requestTopUp = (user: User, recipients: string[], message = '') =>
  api<Problem & { id: string; recipients: number }>('/api/top-up-requests', {
    method: 'POST',
    body: { amountPence: 1500, recipients, message },
    headers: bearer(user.session.accessToken),
  });

async function createPot(owner: User) {
  const created = await api<{ id: string }>('/api/pots', {
    method: 'POST',
    body: { name: 'Weekend away' },
    headers: bearer(owner.session.accessToken),
  });
  expect(created.status).toBe(201);
  return created.body.id;
}

const invite = (owner: User, potId: string, email: string) =>
  api<Problem>(`/api/pots/${potId}/invitations`, {
    method: 'POST',
    body: { name: 'Friend', email },
    headers: bearer(owner.session.accessToken),
  });

function expectTooManyEmails(response: { status: number; body: Problem; headers: Headers }, detail: string) {
  expect(response.status).toBe(429);
  expect(response.body).toMatchObject({ title: 'Too many e-mails', detail });
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(24 * 60 * 60);
}

describe('daily limits on e-mails to addresses a user chooses', () => {
  it(`lets one account cause ${EMAIL_LIMITS.perSenderPerDay} such e-mails a day, requests and invitations together`, async () => {
    const sender = await signUpUser({ fullName: 'Sally Sender' });
    const potId = await createPot(sender);
    const started = Date.now();

    expect((await requestTopUp(sender, addresses(EMAIL_LIMITS.perSenderPerDay - 5))).status).toBe(201);
    for (const email of addresses(5)) expect((await invite(sender, potId, email)).status).toBe(201);

    const detail = `You can send up to ${EMAIL_LIMITS.perSenderPerDay} invitations and requests a day. Try again tomorrow.`;
    expectTooManyEmails(await invite(sender, potId, uniqueEmail('one-more')), detail);
    expectTooManyEmails(await requestTopUp(sender, [uniqueEmail('one-more')]), detail);
    // A pot created with invitees spends the same allowance.
    const withInvitees = await api<Problem>('/api/pots', {
      method: 'POST',
      body: { name: 'Another trip', members: [{ name: 'Nina', email: uniqueEmail('invitee') }] },
      headers: bearer(sender.session.accessToken),
    });
    expectTooManyEmails(withInvitees, detail);
    console.log(
      `e-mail limits: ${EMAIL_LIMITS.perSenderPerDay} e-mails accepted then 3 refused with 429 in ${Date.now() - started} ms`,
    );

    // Someone else is not affected.
    const other = await signUpUser();
    expect((await requestTopUp(other, addresses(1))).status).toBe(201);
  });

  it(`lets one address receive ${EMAIL_LIMITS.perRecipientPerDay} such e-mails a day from all senders`, async () => {
    const victim = uniqueEmail('victim');
    for (let i = 0; i < EMAIL_LIMITS.perRecipientPerDay; i += 1) {
      const sender = await signUpUser();
      expect((await requestTopUp(sender, [victim.toUpperCase()])).status).toBe(201);
    }
    const late = await signUpUser();
    const bystander = uniqueEmail('bystander');
    expectTooManyEmails(
      await requestTopUp(late, [bystander, victim]),
      `We can't send more e-mails to ${victim} today. Try again tomorrow.`,
    );
    // The refused request took nothing: its sender and the other recipient keep their allowance.
    expect((await requestTopUp(late, [bystander])).status).toBe(201);
  });
});

describe('opting out of e-mails other users send', () => {
  /** The one-click URL of an e-mail's List-Unsubscribe, on the gateway under test. */
  function unsubscribeLinks(email: MaildevEmail) {
    const header = email.headers['list-unsubscribe'];
    expect(email.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const [mailto, https] = header.split(/,\s*/).map((part) => part.replace(/^<|>$/g, ''));
    expect(mailto).toMatch(/^mailto:[^?]+\?subject=unsubscribe%20[\w-]+\.[\w-]+$/);
    const oneClick = new URL(https);
    expect(oneClick.pathname).toBe('/api/email-preferences/unsubscribe');
    const token = oneClick.searchParams.get('token') ?? '';
    // The visible link: the page that asks, then confirms.
    expect(email.text).toContain(`Unsubscribe: ${oneClick.origin}/unsubscribe?token=${token}`);
    expect(email.html).toContain(`/unsubscribe?token=${token}`);
    return { token, oneClick: `${GATEWAY_URL}${oneClick.pathname}${oneClick.search}` };
  }

  it('gives invitations and top-up requests List-Unsubscribe, and stops them once the address opts out', async () => {
    const recipient = uniqueEmail('opt-out');
    const sender = await signUpUser({ fullName: 'Sam Asker' });
    const ref = randomUUID().slice(0, 8);
    expect((await requestTopUp(sender, [recipient], `first ${ref}`)).status).toBe(201);
    const request = await mailTo(recipient, (e) => e.text.includes(`first ${ref}`));
    const { token, oneClick } = unsubscribeLinks(request);

    const owner = await signUpUser({ fullName: 'Olga Owner' });
    const invitee = uniqueEmail('invitee');
    expect((await invite(owner, await createPot(owner), invitee)).status).toBe(201);
    unsubscribeLinks(await mailTo(invitee, (e) => e.subject.includes('invited you')));

    // Opened in a browser: to the page that asks first (a mail scanner opening it unsubscribes no one).
    const opened = await fetch(oneClick, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe(`/unsubscribe?token=${token}`);

    // A forged or altered token changes nothing.
    const forged = await fetch(
      `${GATEWAY_URL}/api/email-preferences/unsubscribe?token=${token.slice(0, -2)}xx`,
      {
        method: 'POST',
      },
    );
    expect(forged.status).toBe(400);

    // The mail client's one-click POST (RFC 8058): a form body, no login.
    const clicked = await fetch(oneClick, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(clicked.status).toBe(200);
    expect(await clicked.json()).toEqual({
      unsubscribed: true,
      message: 'You will no longer receive e-mails from Kitty at this address.',
    });
    // Twice is fine (the page's button after the mail client's click).
    expect((await fetch(oneClick, { method: 'POST' })).status).toBe(200);

    // Another sender's request still succeeds, says nothing about the address, and e-mails only the others.
    const second = await signUpUser();
    const control = uniqueEmail('control');
    const after = await requestTopUp(second, [recipient, control], `second ${ref}`);
    expect(after.status).toBe(201);
    expect(after.body.recipients).toBe(2);
    await mailTo(control, (e) => e.text.includes(`second ${ref}`));
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const inbox = (await (await fetch(`${MAILDEV_URL}/email`)).json()) as MaildevEmail[];
    const toRecipient = inbox.filter((e) => e.to.some((to) => to.address === recipient));
    expect(toRecipient.map((e) => e.text.includes(`second ${ref}`))).toEqual([false]);
  });
});
