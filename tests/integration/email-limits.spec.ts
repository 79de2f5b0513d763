// E-mail abuse: a user can make Kitty e-mail other people's addresses (top-up requests, pot invitations,
// reminders) only once their own address is confirmed, and only so often — one allowance per sender and
// per recipient per day, shared by every kind, across every replica. Every e-mail but a security notice
// carries List-Unsubscribe (one-click, RFC 8058) and an opt-out link that Kitty honours.
import { randomUUID } from 'node:crypto';

import {
  api,
  GATEWAY_URL,
  MAILDEV_URL,
  randomPublicIp,
  type Session,
  signUpUser,
  uniqueEmail,
} from '../support/api';
import { allMailTo, type MaildevEmail, mailTo } from '../support/maildev';
import { bearer, joinPot, type PotDetail } from '../support/pots';

interface Problem {
  status: number;
  title: string;
  detail?: string;
}

/** libs/contracts EMAIL_LIMITS (the suites test the running stack, not library code). */
const EMAIL_LIMITS = { perSenderPerDay: 20, perRecipientPerDay: 3 };

const addresses = (n: number, label = 'chosen') => Array.from({ length: n }, () => uniqueEmail(label));

/** Every address this file makes Kitty e-mail starts so: the last test reads what each of them received. */
const OURS = 'limits-';
const ours = (label: string) => uniqueEmail(`${OURS}${label}`);
const sentToOurs = new Set<string>();
const remember = (email: string) => (sentToOurs.add(email.toLowerCase()), email);

/** The subjects of the security notices, the only e-mails to a user without List-Unsubscribe. */
const SECURITY_SUBJECTS = [
  'Confirm your e-mail address for Kitty',
  'Reset your Kitty password',
  'Your Kitty password was changed',
  'Someone tried to create a Kitty account with your e-mail',
];

const settle = () => new Promise((resolve) => setTimeout(resolve, 3_000));

/** A pot of `owner`'s with one guest per address, each owing the owner £10 (a debt in the settle-up plan). */
async function potOwedByGuests(owner: { session: Session }, guestEmails: string[]) {
  const headers = bearer(owner.session.accessToken);
  const pot = await api<PotDetail>('/api/pots', { method: 'POST', body: { name: 'Owed' }, headers });
  expect(pot.status).toBe(201);
  const guestIds: string[] = [];
  for (const [i, email] of guestEmails.entries()) {
    const guest = await api<{ id: string }>(`/api/pots/${pot.body.id}/guests`, {
      method: 'POST',
      body: { name: `Guest ${i + 1}`, email: remember(email) },
      headers,
    });
    expect(guest.status).toBe(201);
    guestIds.push(guest.body.id);
  }
  const ownerId = pot.body.yourMemberId;
  const expense = await api(`/api/pots/${pot.body.id}/expenses`, {
    method: 'POST',
    body: {
      description: 'Cabin',
      amountPence: 1_000 * (guestIds.length + 1),
      paidFrom: 'member',
      payerMemberId: ownerId,
      split: { mode: 'equal', members: [ownerId, ...guestIds].map((memberId) => ({ memberId })) },
    },
    headers: { ...headers, 'idempotency-key': randomUUID() },
  });
  expect(expense.status).toBe(201);
  const remind = (guestIndex: number) =>
    api<Problem>(`/api/pots/${pot.body.id}/reminders`, {
      method: 'POST',
      body: { fromMemberId: guestIds[guestIndex], toMemberId: ownerId },
      headers,
    });
  return { potId: pot.body.id, remind };
}

const requestTopUp = (user: { session: Session }, recipients: string[], message = '') =>
  api<Problem & { id: string; recipients: number }>('/api/top-up-requests', {
    method: 'POST',
    body: { amountPence: 1500, recipients, message },
    headers: bearer(user.session.accessToken),
  });

async function createPot(owner: { session: Session }) {
  const created = await api<{ id: string }>('/api/pots', {
    method: 'POST',
    body: { name: 'Weekend away' },
    headers: bearer(owner.session.accessToken),
  });
  expect(created.status).toBe(201);
  return created.body.id;
}

const invite = (owner: { session: Session }, potId: string, email: string) =>
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

    const detail = `You can send up to ${EMAIL_LIMITS.perSenderPerDay} invitations, reminders and requests a day. Try again tomorrow.`;
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
  }, 60_000);
});

describe('accounts whose address is not confirmed', () => {
  /** Signed up and signed in with the password, without following the link. */
  async function unconfirmedUser() {
    const email = ours('unconfirmed');
    const credentials = { fullName: 'Una Confirmed', email, password: 'a-long-enough-password' };
    const headers = { 'x-forwarded-for': randomPublicIp() };
    expect((await api('/api/auth/sign-up', { method: 'POST', body: credentials, headers })).status).toBe(202);
    const signIn = await api<Session>('/api/auth/sign-in', {
      method: 'POST',
      body: { email, password: credentials.password },
      headers,
    });
    expect(signIn.status).toBe(200);
    expect(signIn.body.user.emailVerified).toBe(false);
    return { session: signIn.body };
  }

  function expectConfirmFirst(response: { status: number; body: Problem }, action: string) {
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({
      title: 'Verify your e-mail',
      detail: `Confirm your e-mail address to ${action}.`,
    });
  }

  it('make Kitty e-mail no one: reminders, invitations and top-up requests are refused, nothing is sent', async () => {
    const mallory = await unconfirmedUser();
    const guests = [ours('guest'), ours('guest')];
    // A pot of her own, guests at addresses she chose and a debt each: all of that is hers to do.
    const { potId, remind } = await potOwedByGuests(mallory, guests);

    const started = Date.now();
    const refused = await Promise.all(guests.map((_, i) => remind(i)));
    for (const response of refused) expectConfirmFirst(response, 'send reminders');
    expectConfirmFirst(await invite(mallory, potId, remember(ours('invitee'))), 'invite people');
    expectConfirmFirst(await requestTopUp(mallory, [remember(ours('asked'))]), 'ask friends to top up');
    console.log(
      `unconfirmed sender: ${refused.length + 2} e-mailing commands refused in ${Date.now() - started} ms`,
    );

    // Refused means nothing sent and nothing recorded: no reminder shows as sent today.
    const balances = await api<{ remindedToday: unknown[] }>(`/api/pots/${potId}/balances`, {
      headers: bearer(mallory.session.accessToken),
    });
    expect(balances.body.remindedToday).toEqual([]);
    await settle();
    for (const guest of guests) expect(await allMailTo(guest)).toEqual([]);
  }, 60_000);
});

describe('one allowance for every e-mail a user sends to someone else', () => {
  it(`lets one address receive ${EMAIL_LIMITS.perRecipientPerDay} a day, reminders, invitations and top-up requests together`, async () => {
    const victim = remember(ours('victim'));
    // A top-up request, an invitation and a reminder, from three senders.
    expect((await requestTopUp(await signUpUser(), [victim])).status).toBe(201);
    const inviter = await signUpUser();
    expect((await invite(inviter, await createPot(inviter), victim.toUpperCase())).status).toBe(201);
    const first = await potOwedByGuests(await signUpUser(), [victim]);
    expect((await first.remind(0)).status).toBe(201);

    // A fourth sender's reminder is refused, and takes nothing: the debt is not marked reminded.
    const late = await signUpUser();
    const second = await potOwedByGuests(late, [victim]);
    expectTooManyEmails(
      await second.remind(0),
      `We can't send more e-mails to ${victim} today. Try again tomorrow.`,
    );
    const balances = await api<{ remindedToday: unknown[] }>(`/api/pots/${second.potId}/balances`, {
      headers: bearer(late.session.accessToken),
    });
    expect(balances.body.remindedToday).toEqual([]);
    await settle();
    const received = await allMailTo(victim);
    expect(received.filter((e) => e.subject.includes('reminds you'))).toHaveLength(1);
    expect(received).toHaveLength(EMAIL_LIMITS.perRecipientPerDay);
  }, 60_000);

  it(`counts reminders in the ${EMAIL_LIMITS.perSenderPerDay} a sender may send a day`, async () => {
    const sender = await signUpUser({ fullName: 'Rory Reminder' });
    const { potId, remind } = await potOwedByGuests(sender, [ours('debtor'), ours('debtor')]);
    expect((await requestTopUp(sender, addresses(EMAIL_LIMITS.perSenderPerDay - 2))).status).toBe(201);
    expect((await invite(sender, potId, remember(ours('invitee')))).status).toBe(201);
    expect((await remind(0)).status).toBe(201);

    const detail = `You can send up to ${EMAIL_LIMITS.perSenderPerDay} invitations, reminders and requests a day. Try again tomorrow.`;
    expectTooManyEmails(await remind(1), detail);
    expectTooManyEmails(await invite(sender, potId, ours('one-more')), detail);
  }, 60_000);
});

describe('List-Unsubscribe', () => {
  it('is on reminders and notifications, and its one-click POST stops them', async () => {
    const owner = await signUpUser({ fullName: 'Una Subscribe', email: remember(ours('owner')) });
    const guest = ours('guest');
    const { potId, remind } = await potOwedByGuests(owner, [guest]);
    expect((await remind(0)).status).toBe(201);
    const reminder = await mailTo(guest, (e) => e.subject.includes('reminds you'));
    expect(reminder.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const oneClick = new URL(/<(https?:[^>]+)>/.exec(reminder.headers['list-unsubscribe'])?.[1] ?? '');
    expect(oneClick.pathname).toBe('/api/email-preferences/unsubscribe');

    // The owner hears by e-mail that someone joined: a notification, with its own List-Unsubscribe.
    const member = await signUpUser({ fullName: 'Jo Iner', email: remember(ours('member')) });
    await joinPot(potId, owner, member);
    const joined = await mailTo(owner.credentials.email, (e) => e.subject === 'Jo Iner joined the pot');
    expect(joined.headers['list-unsubscribe']).toMatch(
      /<https?:\/\/[^>]+\/api\/email-preferences\/unsubscribe\?token=/,
    );

    // The guest's mail client posts one-click, without a session: the next reminder to them is not sent.
    const clicked = await fetch(`${GATEWAY_URL}${oneClick.pathname}${oneClick.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(clicked.status).toBe(200);
    const again = await potOwedByGuests(await signUpUser(), [guest]);
    expect((await again.remind(0)).status).toBe(201);
    await settle();
    expect((await allMailTo(guest)).filter((e) => e.subject.includes('reminds you'))).toHaveLength(1);
  }, 60_000);

  it('is on every e-mail this file made Kitty send, but the security notices', async () => {
    const inbox = (await (await fetch(`${MAILDEV_URL}/email`)).json()) as MaildevEmail[];
    const ourMail = inbox.filter((e) => e.to.some((to) => sentToOurs.has(to.address.toLowerCase())));
    const security = ourMail.filter((e) => SECURITY_SUBJECTS.includes(e.subject));
    const others = ourMail.filter((e) => !SECURITY_SUBJECTS.includes(e.subject));
    console.log(`List-Unsubscribe: on ${others.length} e-mails, off ${security.length} security notices`);
    expect(others.length).toBeGreaterThan(5);
    for (const email of others) {
      expect([email.subject, email.headers['list-unsubscribe-post']]).toEqual([
        email.subject,
        'List-Unsubscribe=One-Click',
      ]);
      expect(email.headers['list-unsubscribe']).toMatch(
        /^<mailto:[^>]+>, <https?:\/\/[^>]+\?token=[\w-]+\.[\w-]+>$/,
      );
    }
    for (const email of security) expect(email.headers['list-unsubscribe']).toBeUndefined();
  });
});
