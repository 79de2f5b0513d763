import type { Location } from 'react-router-dom';

const ORIGIN_PROBE = 'https://kitty.invalid';

/**
 * `candidate` as a same-site relative path (path, query, hash), or null when it could lead anywhere else:
 * absolute and protocol-relative URLs, backslash tricks, or the auth page itself.
 */
export function safeReturnPath(candidate: unknown): string | null {
  if (typeof candidate !== 'string' || !candidate.startsWith('/') || candidate.startsWith('//')) return null;
  if (candidate.includes('\\')) return null;
  let url: URL;
  try {
    url = new URL(candidate, ORIGIN_PROBE);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN_PROBE || url.pathname.startsWith('//') || url.pathname === '/auth') return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Where protected routes send a signed-out visitor: /auth, with the way back in `?next=`. */
export function authPathFor(returnTo: string): string {
  const safe = safeReturnPath(returnTo);
  return safe && safe !== '/' ? `/auth?next=${encodeURIComponent(safe)}` : '/auth';
}

/** Where to go after signing in: the location state's `from`, else `?next=`, else home. */
export function returnPathFrom(location: Pick<Location, 'state' | 'search'>): string {
  const state: unknown = location.state;
  const fromState = typeof state === 'object' && state !== null && 'from' in state ? state.from : null;
  return safeReturnPath(fromState) ?? safeReturnPath(new URLSearchParams(location.search).get('next')) ?? '/';
}

const AFTER_VERIFY_KEY = 'kitty.returnAfterEmailConfirmed';

/** Remembers where a visitor who just signed up was going, for when they follow the e-mailed link here. */
export function rememberReturnAfterEmailConfirmed(path: string): void {
  try {
    localStorage.setItem(AFTER_VERIFY_KEY, path);
  } catch {
    // Storage refused (private mode): they land on Home instead.
  }
}

/** The remembered path (once), if still a safe one; else home. */
export function takeReturnAfterEmailConfirmed(): string {
  try {
    const stored = localStorage.getItem(AFTER_VERIFY_KEY);
    localStorage.removeItem(AFTER_VERIFY_KEY);
    return safeReturnPath(stored) ?? '/';
  } catch {
    return '/';
  }
}
