import {
  api,
  followVerificationLink,
  randomPublicIp,
  refreshCookieOf,
  type Session,
  signUpUser,
  uniqueEmail,
} from '../support/api';

interface Problem {
  status: number;
  title: string;
  detail?: string;
  errors?: { field: string; message: string }[];
}

describe('sign-up', () => {
  it('creates the account without a session; the e-mailed link confirms it, and signing in sets a locked-down refresh cookie', async () => {
    const email = uniqueEmail('Mixed.Case');
    const signUp = await api('/api/auth/sign-up', {
      method: 'POST',
      body: { fullName: '  Ada Lovelace ', email: email.toUpperCase(), password: 'correct horse battery' },
    });
    expect(signUp.status).toBe(202);
    expect(signUp.body).toEqual({ status: 'verification-sent', email: email.toLowerCase() });
    expect(signUp.headers.getSetCookie()).toEqual([]);

    const confirmed = await followVerificationLink(email.toLowerCase());
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ status: 'email-confirmed', email: email.toLowerCase() });
    expect(confirmed.headers.getSetCookie()).toEqual([]);

    const response = await api<Session>('/api/auth/sign-in', {
      method: 'POST',
      body: { email: email.toLowerCase(), password: 'correct horse battery' },
    });
    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({ email: email.toLowerCase(), fullName: 'Ada Lovelace' });
    expect(Date.parse(response.body.expiresAt)).toBeGreaterThan(Date.now() + 14 * 60_000);
    const cookie = response.headers.getSetCookie().find((value) => value.startsWith('kitty_refresh='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/api\/auth/);

    const me = await api<Session['user']>('/api/me', {
      headers: { authorization: `Bearer ${response.body.accessToken}` },
    });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      id: response.body.user.id,
      fullName: 'Ada Lovelace',
      emailVerified: true,
    });
  });

  it('answers a registered e-mail exactly like a new one (no 409 revealing the account)', async () => {
    const { credentials } = await signUpUser();
    const response = await api('/api/auth/sign-up', { method: 'POST', body: credentials });
    expect(response.status).toBe(202);
    expect(response.body).toEqual({ status: 'verification-sent', email: credentials.email });
  });

  it('names every invalid and unknown field', async () => {
    const response = await api<Problem>('/api/auth/sign-up', {
      method: 'POST',
      body: { fullName: ' ', email: 'not-an-email', password: 'short', isAdmin: true },
    });
    expect(response.status).toBe(400);
    const fields = Object.fromEntries(response.body.errors!.map((error) => [error.field, error.message]));
    expect(fields).toEqual({
      fullName: 'Please enter your full name.',
      email: 'Please enter a valid email address.',
      password: 'Password must be at least 8 characters.',
      isAdmin: 'Unknown field(s): isAdmin',
    });
  });

  it.each([
    ['malformed JSON', { rawBody: '{"fullName":', headers: { 'content-type': 'application/json' } }, 400],
    ['a text/plain body', { rawBody: 'hello', headers: { 'content-type': 'text/plain' } }, 415],
    [
      'a form body',
      { rawBody: 'a=b', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      415,
    ],
    ['a body over 100 kB', { body: { fullName: 'x'.repeat(110_000), email: 'a@b.co', password: 'x' } }, 413],
    ['a JSON array', { body: [] }, 400],
  ])('answers %s with a 4xx problem, never a 5xx', async (_label, init, status) => {
    const response = await api<Problem>('/api/auth/sign-up', { method: 'POST', ...init });
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(JSON.stringify(response.body)).not.toMatch(/at .*\.js:\d+/);
  });
});

describe('sign-in', () => {
  it('signs in with the right password', async () => {
    const { credentials } = await signUpUser();
    const response = await api<Session>('/api/auth/sign-in', {
      method: 'POST',
      body: { email: credentials.email, password: credentials.password },
    });
    expect(response.status).toBe(200);
    expect(response.body.user.email).toBe(credentials.email);
    expect(refreshCookieOf(response)).toMatch(/^kitty_refresh=.{40,}/);
  });

  it('never reveals whether the e-mail exists', async () => {
    const { credentials } = await signUpUser();
    const wrongPassword = await api<Problem>('/api/auth/sign-in', {
      method: 'POST',
      body: { email: credentials.email, password: 'not-the-password' },
    });
    const unknownEmail = await api<Problem>('/api/auth/sign-in', {
      method: 'POST',
      body: { email: uniqueEmail('nobody'), password: 'not-the-password' },
    });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(unknownEmail.body).toEqual(wrongPassword.body);
  });

  it('locks an account after 5 failures, whatever X-Forwarded-For says', async () => {
    const { credentials } = await signUpUser();
    const attempt = (password: string) =>
      api<Problem>('/api/auth/sign-in', {
        method: 'POST',
        body: { email: credentials.email, password },
        headers: { 'x-forwarded-for': randomPublicIp() },
      });
    for (let i = 0; i < 5; i += 1) expect((await attempt('wrong-password')).status).toBe(401);
    const locked = await attempt(credentials.password);
    expect(locked.status).toBe(429);
    expect(locked.body.detail).toMatch(/Too many failed sign-in attempts/);
  });
});

describe('refresh and sign-out', () => {
  const refresh = (cookie: string) =>
    api<Session & Problem>('/api/auth/refresh', { method: 'POST', headers: { cookie } });

  it('rotates the refresh token on every use', async () => {
    const { cookie, session } = await signUpUser();
    const first = await refresh(cookie);
    expect(first.status).toBe(200);
    expect(first.body.user.id).toBe(session.user.id);
    const rotated = refreshCookieOf(first);
    expect(rotated).not.toBe(cookie);
    expect((await refresh(rotated)).status).toBe(200);
  });

  it('revokes the whole family when a rotated token is replayed', async () => {
    const { cookie } = await signUpUser();
    // Two rotations: the immediately previous token is forgiven for a short window (session-refresh.spec).
    const current = refreshCookieOf(await refresh(refreshCookieOf(await refresh(cookie))));
    const replay = await refresh(cookie);
    expect(replay.status).toBe(401);
    // The thief's replay also ended the legitimate holder's current token.
    expect((await refresh(current)).status).toBe(401);
  });

  it('sign-out ends the session and clears the cookie', async () => {
    const { cookie } = await signUpUser();
    const out = await api('/api/auth/sign-out', { method: 'POST', headers: { cookie } });
    expect(out.status).toBe(204);
    expect(out.headers.getSetCookie().join()).toMatch(/kitty_refresh=;/);
    expect((await refresh(cookie)).status).toBe(401);
  });

  it('refuses refresh without a cookie', async () => {
    expect((await api('/api/auth/refresh', { method: 'POST' })).status).toBe(401);
  });
});

describe('protected routes', () => {
  it('refuses /api/me without a valid token', async () => {
    expect((await api('/api/me')).status).toBe(401);
    expect((await api('/api/me', { headers: { authorization: 'Bearer not.a.jwt' } })).status).toBe(401);
  });
});
// Rate limits of the auth routes (per session, per account, per-IP ceiling): session-refresh.spec.ts.
