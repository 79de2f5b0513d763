import { randomUUID } from 'node:crypto';

/** Where the stack under test listens (set by `npm test`). */
export const GATEWAY_URL = process.env.GATEWAY_URL ?? 'http://127.0.0.1:3000';
export const MAILDEV_URL = process.env.MAILDEV_URL ?? 'http://127.0.0.1:1080';

export const uniqueEmail = (label = 'user') => `${label}-${randomUUID().slice(0, 8)}@example.com`;

/** A client IP for X-Forwarded-For (the test stack trusts 127.0.0.1 as a proxy). */
export const randomPublicIp = () => `203.0.113.${Math.floor(Math.random() * 250) + 1}`;

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export async function api<T = unknown>(
  path: string,
  init: { method?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...init.headers };
  let body: string | undefined = init.rawBody;
  if (init.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(init.body);
  }
  const response = await fetch(`${GATEWAY_URL}${path}`, { method: init.method ?? 'GET', headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // Non-JSON bodies (HTML) stay text.
  }
  return { status: response.status, body: parsed as T, headers: response.headers };
}

export interface Session {
  accessToken: string;
  expiresAt: string;
  user: { id: string; email: string; fullName: string; emailVerified: boolean; residency: unknown };
}

export function refreshCookieOf(response: ApiResponse): string {
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith('kitty_refresh='));
  if (!cookie) throw new Error('no refresh cookie was set');
  return cookie.split(';')[0];
}

/** Tokens of the confirmation links e-mailed to `email` (MailDev), oldest first. */
export async function verificationTokensFor(email: string): Promise<string[]> {
  const inbox = (await (await fetch(`${MAILDEV_URL}/email`)).json()) as {
    to: { address: string }[];
    text: string;
    date: string;
  }[];
  return inbox
    .filter((mail) => mail.to.some((to) => to.address === email))
    .sort((a, b) => Date.parse(a.date) - Date.parse(b.date))
    .map((mail) => /\/verify-email\?token=([\w%.~-]+)/.exec(mail.text)?.[1])
    .filter((token): token is string => token !== undefined)
    .map(decodeURIComponent);
}

/** What following a confirmation link answers: the address it proved, and no session. */
export interface EmailConfirmed {
  status: 'email-confirmed';
  email: string;
}

/** Waits for the confirmation e-mail to `email` and follows its link (POST /api/auth/verify-email). */
export async function followVerificationLink(email: string, headers: Record<string, string> = {}) {
  const token = await eventually(async () => (await verificationTokensFor(email)).at(-1));
  return api<EmailConfirmed>('/api/auth/verify-email', { method: 'POST', body: { token }, headers });
}

/**
 * Signs up a fresh user, confirms the address by following the e-mailed link (neither opens a session)
 * and signs in with the password; returns the session and the refresh cookie (`kitty_refresh=…`).
 */
export async function signUpUser(
  overrides: Partial<{ fullName: string; email: string; password: string }> = {},
) {
  const credentials = {
    fullName: 'Test User',
    email: uniqueEmail(),
    password: 'a-long-enough-password',
    ...overrides,
  };
  const headers = { 'x-forwarded-for': randomPublicIp() };
  const signUp = await api('/api/auth/sign-up', { method: 'POST', body: credentials, headers });
  if (signUp.status !== 202)
    throw new Error(`sign-up failed: ${signUp.status} ${JSON.stringify(signUp.body)}`);
  const confirmed = await followVerificationLink(credentials.email.trim().toLowerCase(), headers);
  if (confirmed.status !== 200)
    throw new Error(`e-mail verification failed: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
  const response = await api<Session>('/api/auth/sign-in', {
    method: 'POST',
    body: { email: credentials.email, password: credentials.password },
    headers,
  });
  if (response.status !== 200)
    throw new Error(`sign-in failed: ${response.status} ${JSON.stringify(response.body)}`);
  return { credentials, session: response.body, cookie: refreshCookieOf(response) };
}

/** Polls until `probe` returns a value (not undefined) or the deadline passes. */
export async function eventually<T>(probe: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
