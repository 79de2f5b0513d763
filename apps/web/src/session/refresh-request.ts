import type { AuthSession } from '@kitty/api-client';
import { httpStatusOf, isTransientFailure, kittyApi } from '@kitty/api-client';

import type { AppDispatch } from '../app/store';
import { type EarlyRefreshAnswer, takeEarlyRefresh, withRefreshLock } from './early-refresh';
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
 * tabs (which share the cookie) take turns through a Web Lock where the browser has one. The page load's
 * first refresh is the one index.html started (early-refresh.ts), when there is one.
 */
export function requestSessionRefresh(dispatch: AppDispatch): Promise<RefreshAttempt<AuthSession>> {
  inFlight ??= startRefresh(dispatch).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

function startRefresh(dispatch: AppDispatch): Promise<RefreshAttempt<AuthSession>> {
  const early = takeEarlyRefresh();
  return early ? early.then(attemptOf) : withRefreshLock(() => callRefresh(dispatch));
}

/** The early call's answer, read as the generated endpoint's would be. */
export function attemptOf({ status, retryAfter, body }: EarlyRefreshAnswer): RefreshAttempt<AuthSession> {
  if (status === 200) return { ok: true, session: body as AuthSession };
  if (status === 429) return { ok: false, transient: true, retryAfterMs: retryAfterMs(retryAfter) };
  return { ok: false, transient: status === null || isTransientFailure({ status }) };
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
