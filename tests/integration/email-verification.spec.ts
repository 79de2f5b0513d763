// Sign-up and e-mail verification against the running stack: sign-up's password rules, sign-up answering a
// registered address exactly like a new one (its owner is e-mailed instead), the confirmation link (single
// use, 24 h, resend limit; it confirms the address and is no sign-in; a newer link followed or a password
// set retires the older ones), the daily cap on e-mails to an unconfirmed address, and the four commands
// that wait for a confirmed address.
import { randomUUID } from 'node:crypto';

import { Pool } from 'pg';

import {
  api,
  eventually,
  followVerificationLink,
  MAILDEV_URL,
  randomPublicIp,
  type Session,
  signUpUser,
  uniqueEmail,
  verificationTokensFor,
} from '../support/api';
import { type MaildevEmail, mailTo } from '../support/maildev';

interface Problem {
  status: number;
  title: string;
  detail?: string;
  errors?: { field: string; message: string }[];
}

const PASSWORD = 'a-long-enough-password';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const signUp = (body: Record<string, unknown>) =>
  api<Record<string, unknown>>('/api/auth/sign-up', {
    method: 'POST',
    body,
    headers: { 'x-forwarded-for': randomPublicIp() },
  });

/** A user who signed up and signed in with the password, without following the link. */
async function unconfirmedUser() {
  const email = uniqueEmail('unconfirmed');
  expect((await signUp({ fullName: 'Una Confirmed', email, password: PASSWORD })).status).toBe(202);
  const signIn = await api<Session>('/api/auth/sign-in', {
    method: 'POST',
    body: { email, password: PASSWORD },
  });
  expect(signIn.status).toBe(200);
  return { email, session: signIn.body };
}

describe('sign-up password rules', () => {
  it.each([
    ['password', /too easy to guess/],
    ['12345678', /too easy to guess/],
    ['        ', /too easy to guess/],
  ])('refuses %j with a 400 naming the password field', async (password, message) => {
    const response = await signUp({ fullName: 'Pat Word', email: uniqueEmail('weak'), password });
    expect(response.status).toBe(400);
    const problem = response.body as unknown as Problem;
    expect(problem.title).toBe('Choose a stronger password');
    expect(problem.errors).toEqual([{ field: 'password', message: expect.stringMatching(message) }]);
  });

  it('refuses the e-mail itself and a password containing its local part', async () => {
    const email = uniqueEmail('selfpass');
    for (const password of [email, `xx-${email.split('@')[0]}-2026`]) {
      const response = await signUp({ fullName: 'Sel Fpass', email, password });
      expect(response.status).toBe(400);
      expect((response.body as unknown as Problem).errors).toEqual([
        { field: 'password', message: 'Your password must not contain your e-mail address.' },
      ]);
    }
  });
});

describe('sign-up does not reveal who has an account', () => {
  it('answers a registered address exactly like a new one, in similar time, and e-mails the owner', async () => {
    const { credentials } = await signUpUser({ fullName: 'Owen Owner' });
    const timed = async (email: string) => {
      const started = performance.now();
      const response = await signUp({ fullName: 'Someone Else', email, password: 'another-long-password' });
      return { response, ms: performance.now() - started };
    };
    const fresh: Awaited<ReturnType<typeof timed>>[] = [];
    const registered: Awaited<ReturnType<typeof timed>>[] = [];
    for (let i = 0; i < 5; i += 1) {
      fresh.push(await timed(uniqueEmail('fresh')));
      registered.push(await timed(credentials.email));
    }
    for (const [a, b] of fresh.map((f, i) => [f, registered[i]] as const)) {
      expect(b.response.status).toBe(a.response.status);
      expect(a.response.status).toBe(202);
      expect(Object.keys(b.response.body).sort()).toEqual(Object.keys(a.response.body).sort());
      expect(b.response.body.status).toBe('verification-sent');
      expect(b.response.headers.getSetCookie()).toEqual([]);
      expect(a.response.headers.getSetCookie()).toEqual([]);
    }
    const median = (runs: { ms: number }[]) => runs.map((r) => r.ms).sort((x, y) => x - y)[2];
    // argon2 runs in both cases: the medians differ by far less than the hash costs.
    expect(Math.abs(median(fresh) - median(registered))).toBeLessThan(Math.max(60, median(fresh) * 0.5));

    const notice = await mailTo(credentials.email, (mail) => mail.subject.startsWith('Someone tried'));
    expect(notice.subject).toBe('Someone tried to create a Kitty account with your e-mail');
    expect(notice.text).toContain('Owen Owner');
    // Five attempts, one notice: the owner's inbox cannot be flooded through sign-up (one an hour). The other
    // four would have been relayed with the first, so a short wait after it shows whether any were sent.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const inbox = (await (await fetch(`${MAILDEV_URL}/email`)).json()) as MaildevEmail[];
    const notices = inbox.filter(
      (mail) =>
        mail.to.some((to) => to.address === credentials.email) && mail.subject.startsWith('Someone tried'),
    );
    expect(notices).toHaveLength(1);
    // The owner's account is unchanged: their password still signs in.
    const signIn = await api('/api/auth/sign-in', {
      method: 'POST',
      body: { email: credentials.email, password: credentials.password },
    });
    expect(signIn.status).toBe(200);
  });
});

describe('the confirmation link', () => {
  it('confirms the address once, without a session (no token, no cookie), and is refused the second time', async () => {
    const email = uniqueEmail('once');
    await signUp({ fullName: 'Olive Once', email, password: PASSWORD });
    const first = await followVerificationLink(email);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ status: 'email-confirmed', email });
    expect(JSON.stringify(first.body)).not.toMatch(/token/i);
    expect(first.headers.getSetCookie()).toEqual([]);
    const signIn = await api<Session>('/api/auth/sign-in', {
      method: 'POST',
      body: { email, password: PASSWORD },
    });
    expect(signIn.body.user.emailVerified).toBe(true);

    const again = await followVerificationLink(email);
    expect(again.status).toBe(400);
    expect((again.body as unknown as Problem).title).toBe('Link no longer valid');
  });

  it('refuses an older link once a newer one was followed', async () => {
    const { email, session } = await unconfirmedUser();
    const resent = await api('/api/me/verification-email', {
      method: 'POST',
      headers: bearer(session.accessToken),
    });
    expect(resent.status).toBe(204);
    const [older, newer] = await eventually(async () => {
      const found = await verificationTokensFor(email);
      return found.length === 2 ? found : undefined;
    });
    const follow = (token: string) =>
      api<Problem>('/api/auth/verify-email', { method: 'POST', body: { token } });
    expect((await follow(newer)).status).toBe(200);
    const refused = await follow(older);
    expect(refused.status).toBe(400);
    expect(refused.body.title).toBe('Link no longer valid');
    expect(refused.headers.getSetCookie()).toEqual([]);
  });

  it('refuses a link e-mailed before the password was changed', async () => {
    const { email, session } = await unconfirmedUser();
    const changed = await api('/api/me/password', {
      method: 'POST',
      body: { currentPassword: PASSWORD, newPassword: 'a-brand-new-long-passphrase' },
      headers: bearer(session.accessToken),
    });
    expect(changed.status).toBe(204);
    const response = await followVerificationLink(email);
    expect(response.status).toBe(400);
    expect((response.body as unknown as Problem).title).toBe('Link no longer valid');
    expect(JSON.stringify(response.body)).not.toMatch(/accessToken/);
  });

  it('is refused after 24 hours', async () => {
    const email = uniqueEmail('expired');
    await signUp({ fullName: 'Ed Expired', email, password: PASSWORD });
    await eventually(async () => (await verificationTokensFor(email)).at(-1));
    const db = new Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
    try {
      await db.query(
        `UPDATE auth.email_verification_tokens SET expires_at = now() - interval '1 second'
          WHERE user_id = (SELECT id FROM auth.users WHERE email = $1)`,
        [email],
      );
    } finally {
      await db.end();
    }
    const response = await followVerificationLink(email);
    expect(response.status).toBe(400);
    const signIn = await api<Session>('/api/auth/sign-in', {
      method: 'POST',
      body: { email, password: PASSWORD },
    });
    expect(signIn.body.user.emailVerified).toBe(false);
  });

  it('is resent 3 times an hour, then 429 with Retry-After; a resent link works', async () => {
    const { email, session } = await unconfirmedUser();
    const resend = () =>
      api<Problem>('/api/me/verification-email', { method: 'POST', headers: bearer(session.accessToken) });
    for (let i = 0; i < 3; i += 1) expect((await resend()).status).toBe(204);
    const refused = await resend();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(3600);

    const tokens = await eventually(async () => {
      const found = await verificationTokensFor(email);
      return found.length === 4 ? found : undefined;
    });
    expect(new Set(tokens).size).toBe(4);
    const confirmed = await followVerificationLink(email);
    expect(confirmed.status).toBe(200);
    expect((await resend()).status).toBe(409);
  });
});

describe('e-mails to an unconfirmed address', () => {
  /** Moves the user's links out of the hourly resend window, as if sent two hours ago. */
  async function ageLinksOf(email: string) {
    const db = new Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
    try {
      await db.query(
        `UPDATE auth.email_verification_tokens SET created_at = now() - interval '2 hours'
          WHERE user_id = (SELECT id FROM auth.users WHERE email = $1)`,
        [email],
      );
    } finally {
      await db.end();
    }
  }
  const mailsTo = async (email: string) =>
    ((await (await fetch(`${MAILDEV_URL}/email`)).json()) as MaildevEmail[]).filter((mail) =>
      mail.to.some((to) => to.address === email),
    );

  it('are at most 5 a day: resends get 429 until tomorrow, sign-up answers alike and sends nothing', async () => {
    const { email, session } = await unconfirmedUser();
    const resend = () =>
      api<Problem>('/api/me/verification-email', { method: 'POST', headers: bearer(session.accessToken) });
    for (let i = 0; i < 3; i += 1) expect((await resend()).status).toBe(204);
    expect((await resend()).status).toBe(429);
    // Past the hourly limit, the address's daily one: the fifth e-mail goes, the sixth does not.
    await ageLinksOf(email);
    expect((await resend()).status).toBe(204);
    const refused = await resend();
    expect(refused.status).toBe(429);
    expect(refused.body.title).toBe('Too many e-mails');
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(24 * 3600);
    await eventually(async () => ((await verificationTokensFor(email)).length === 5 ? true : undefined));

    // Someone signs up with the address again: the same answer as ever, and no notice reaches it.
    const again = await signUp({ fullName: 'Spam Spammer', email, password: 'another-long-password' });
    expect(again.status).toBe(202);
    expect(again.body).toEqual({ status: 'verification-sent', email });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const inbox = await mailsTo(email);
    expect(inbox).toHaveLength(5);
    expect(inbox.some((mail) => mail.subject.startsWith('Someone tried'))).toBe(false);
  });
});

describe('commands that wait for a confirmed address', () => {
  it.each([
    ['add funds', 'POST', '/api/funding/checkout-sessions', { amountPence: 2500 }],
    ['withdraw money', 'POST', '/api/withdrawals', { amountPence: 100 }],
    [
      'ask friends to top up',
      'POST',
      '/api/top-up-requests',
      { amountPence: 1000, recipients: ['a@example.com'] },
    ],
    [
      'invite people',
      'POST',
      '/api/pots',
      { name: 'Invites', members: [{ name: 'Bo', email: 'bo@example.com' }] },
    ],
  ])(
    "refuse an unconfirmed user with 403 'Confirm your e-mail address to %s'",
    async (action, method, path, body) => {
      const { session } = await unconfirmedUser();
      const response = await api<Problem>(path, {
        method,
        body,
        headers: { ...bearer(session.accessToken), 'idempotency-key': randomUUID() },
      });
      expect(response.status).toBe(403);
      expect(response.body).toMatchObject({
        title: 'Verify your e-mail',
        detail: `Confirm your e-mail address to ${action}.`,
      });
    },
  );

  it('let an unconfirmed user look around and create a pot, but not invite to it', async () => {
    const { session } = await unconfirmedUser();
    const pot = await api<{ id: string }>('/api/pots', {
      method: 'POST',
      body: { name: 'Look around' },
      headers: bearer(session.accessToken),
    });
    expect(pot.status).toBe(201);
    expect((await api('/api/pots', { headers: bearer(session.accessToken) })).status).toBe(200);
    const invite = await api<Problem>(`/api/pots/${pot.body.id}/invitations`, {
      method: 'POST',
      body: { name: 'Bo', email: uniqueEmail('bo') },
      headers: bearer(session.accessToken),
    });
    expect(invite.status).toBe(403);
    expect(invite.body.detail).toBe('Confirm your e-mail address to invite people.');
  });

  it('let a confirmed user through (the commands answer something other than 403)', async () => {
    const { session } = await signUpUser();
    const response = await api<Problem>('/api/top-up-requests', {
      method: 'POST',
      body: { amountPence: 1000, recipients: [uniqueEmail('friend')], message: '' },
      headers: bearer(session.accessToken),
    });
    expect(response.status).not.toBe(403);
  });
});
