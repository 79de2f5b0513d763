// Sessions that survive real networks (ADR 0012), against the running stack: the reuse window
// forgives a lost refresh answer, concurrent refreshes rotate once, replays outside the window (or of older
// tokens) revoke the family, ended sessions' access tokens are refused, and every 429 says when to retry.
import {
  api,
  type ApiResponse,
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
}

/** The auth service's default REFRESH_REUSE_WINDOW_SECONDS (the test stack keeps defaults). */
const REUSE_WINDOW_MS = 45_000;

// Each test its own client address, so the per-IP ceiling never mixes into what a test measures.
const refresh = (cookie: string, ip = randomPublicIp()) =>
  api<Session & Problem>('/api/auth/refresh', {
    method: 'POST',
    headers: { cookie, 'x-forwarded-for': ip },
  });
const me = (accessToken: string) => api('/api/me', { headers: { authorization: `Bearer ${accessToken}` } });
const cookieValue = (response: ApiResponse) => refreshCookieOf(response);

describe('refresh reuse window', () => {
  // Rotated first, checked last: by then the window has passed.
  let staleCookie: string;
  let staleRotatedAt: number;
  let staleCurrent: string;

  beforeAll(async () => {
    const { cookie } = await signUpUser();
    const rotated = await refresh(cookie);
    staleRotatedAt = Date.now();
    staleCookie = cookie;
    staleCurrent = cookieValue(rotated);
  });

  it('gives the previous token the current session (same refresh token, fresh access token)', async () => {
    const { cookie } = await signUpUser();
    const first = await refresh(cookie);
    expect(first.status).toBe(200);
    const current = cookieValue(first);

    const retried = await refresh(cookie);
    expect(retried.status).toBe(200);
    expect(cookieValue(retried)).toBe(current);
    expect((await me(retried.body.accessToken)).status).toBe(200);

    // The session goes on from the current token.
    const next = await refresh(current);
    expect(next.status).toBe(200);
    expect(cookieValue(next)).not.toBe(current);
  });

  it('rotates once when the same token is sent many times at once', async () => {
    const { cookie } = await signUpUser();
    const answers = await Promise.all(Array.from({ length: 6 }, () => refresh(cookie)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map(cookieValue)).size).toBe(1);
    expect((await refresh(cookieValue(answers[0]))).status).toBe(200);
  });

  it('revokes the family, refresh and access tokens, when a token two rotations old comes back', async () => {
    const { cookie } = await signUpUser();
    const second = await refresh(cookie);
    const third = await refresh(cookieValue(second));
    expect((await me(third.body.accessToken)).status).toBe(200);

    expect((await refresh(cookie)).status).toBe(401);
    expect((await refresh(cookieValue(third))).status).toBe(401);
    expect((await me(third.body.accessToken)).status).toBe(401);
  });

  it('ends the session on sign-out: the access token is refused at once, not in 15 minutes', async () => {
    const { cookie, session } = await signUpUser();
    expect((await me(session.accessToken)).status).toBe(200);
    const out = await api('/api/auth/sign-out', { method: 'POST', headers: { cookie } });
    expect(out.status).toBe(204);
    expect((await me(session.accessToken)).status).toBe(401);
    expect((await refresh(cookie)).status).toBe(401);
  });

  it(
    'revokes the family when the previous token comes back after the window',
    async () => {
      const wait = staleRotatedAt + REUSE_WINDOW_MS + 1_500 - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      expect((await refresh(staleCookie)).status).toBe(401);
      expect((await refresh(staleCurrent)).status).toBe(401);
    },
    REUSE_WINDOW_MS + 30_000,
  );
});

describe('auth rate limits', () => {
  it('limits refreshes per session (120 a minute) with Retry-After, not per address', async () => {
    const { cookie } = await signUpUser();
    let current = cookie;
    for (let i = 0; i < 120; i += 1) {
      const answer = await refresh(current, '198.51.100.7');
      expect(answer.status).toBe(200);
      current = cookieValue(answer);
    }
    const limited = await refresh(current);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another session from the same address is not affected.
    expect((await refresh((await signUpUser()).cookie, '198.51.100.7')).status).toBe(200);
  });

  it('locks sign-in per account with Retry-After', async () => {
    const { credentials } = await signUpUser();
    const attempt = () =>
      api<Problem>('/api/auth/sign-in', {
        method: 'POST',
        body: { email: credentials.email, password: 'wrong-password' },
        headers: { 'x-forwarded-for': randomPublicIp() },
      });
    for (let i = 0; i < 5; i += 1) expect((await attempt()).status).toBe(401);
    const locked = await attempt();
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(800);
  });

  it('keeps a generous per-IP ceiling (600 a minute per auth route) with Retry-After', async () => {
    const ip = '198.51.100.200';
    const statuses: number[] = [];
    // Without a cookie the gateway answers 401 itself: cheap requests, so a shared address is cheap to test.
    for (let i = 0; i < 605; i += 1) {
      const answer = await api('/api/auth/refresh', { method: 'POST', headers: { 'x-forwarded-for': ip } });
      statuses.push(answer.status);
      if (answer.status === 429) expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(statuses.slice(0, 600).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(600)).toEqual([429, 429, 429, 429, 429]);
    // Another route keeps its own count: sign-in from that address still works.
    const signIn = await api('/api/auth/sign-in', {
      method: 'POST',
      body: { email: uniqueEmail(), password: 'whatever-password' },
      headers: { 'x-forwarded-for': ip },
    });
    expect(signIn.status).toBe(401);
  });
});
