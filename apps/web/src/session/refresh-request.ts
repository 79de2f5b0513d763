import type { AuthSession } from '@kitty/api-client';
import { isTransientFailure, kittyApi } from '@kitty/api-client';

import type { AppDispatch } from '../app/store';
import type { RefreshAttempt } from './session-refresher';

let inFlight: Promise<RefreshAttempt<AuthSession>> | null = null;

/**
 * One call to POST /api/auth/refresh. Refresh tokens rotate on every use and reusing a rotated one revokes
 * the whole session, so two refreshes must never race with the same cookie: callers in this tab share the
 * call in flight, and tabs (which share the cookie) take turns through a Web Lock where the browser has one.
 */
export function requestSessionRefresh(dispatch: AppDispatch): Promise<RefreshAttempt<AuthSession>> {
  inFlight ??= withCrossTabLock(() => callRefresh(dispatch)).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

async function callRefresh(dispatch: AppDispatch): Promise<RefreshAttempt<AuthSession>> {
  const request = dispatch(kittyApi.endpoints.refreshSession.initiate());
  try {
    return { ok: true, session: await request.unwrap() };
  } catch (error) {
    return { ok: false, transient: isTransientFailure(error) };
  } finally {
    request.reset();
  }
}

async function withCrossTabLock<T>(task: () => Promise<T>): Promise<T> {
  if (!('locks' in navigator)) return task(); // no Web Locks (older browsers, insecure contexts)
  return await navigator.locks.request('kitty:session-refresh', task);
}
