import type { AuthSession } from '@kitty/api-client';
import { httpStatusOf, isTransientFailure, kittyApi } from '@kitty/api-client';

import type { AppDispatch } from '../app/store';
import type { RefreshAttempt } from './session-refresher';

/** A 429's Retry-After in milliseconds (delta-seconds or an HTTP date); null when absent or unreadable. */
export function retryAfterMs(header: string | null | undefined, now = Date.now()): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isFinite(date) ? Math.max(0, date - now) : null;
}

// The generated endpoint drops response headers from errors; keep the one the refresher needs.
const refreshApi = kittyApi.enhanceEndpoints({
  endpoints: {
    refreshSession: {
      transformErrorResponse: (error, meta) =>
        Object.assign(error, { retryAfter: meta?.response?.headers.get('retry-after') ?? null }),
    },
  },
});

let inFlight: Promise<RefreshAttempt<AuthSession>> | null = null;

/**
 * One call to POST /api/auth/refresh. Refresh tokens rotate on every use; a retry with the token just
 * rotated away is forgiven for a short window only, so callers in this tab share the call in flight and
 * tabs (which share the cookie) take turns through a Web Lock where the browser has one.
 */
export function requestSessionRefresh(dispatch: AppDispatch): Promise<RefreshAttempt<AuthSession>> {
  inFlight ??= withCrossTabLock(() => callRefresh(dispatch)).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

async function callRefresh(dispatch: AppDispatch): Promise<RefreshAttempt<AuthSession>> {
  const request = dispatch(refreshApi.endpoints.refreshSession.initiate());
  try {
    return { ok: true, session: await request.unwrap() };
  } catch (error) {
    if (httpStatusOf(error) === 429) {
      const header = (error as { retryAfter?: string | null }).retryAfter;
      return { ok: false, transient: true, retryAfterMs: retryAfterMs(header) };
    }
    return { ok: false, transient: isTransientFailure(error) };
  } finally {
    request.reset();
  }
}

async function withCrossTabLock<T>(task: () => Promise<T>): Promise<T> {
  if (!('locks' in navigator)) return task(); // no Web Locks (older browsers, insecure contexts)
  return await navigator.locks.request('kitty:session-refresh', task);
}
