import type { AuthSession } from '@kitty/api-client';
import { useEffect } from 'react';

import { useAppSelector, useAppStore } from '../app/store';
import { useLiveUpdates } from '../live/use-live-updates';
import { useMoneyBroadcast } from '../money/money-broadcast';
import { useToast } from '../ui/toast';
import { requestSessionRefresh } from './refresh-request';
import type { RefreshFailure } from './session-refresher';
import { createSessionRefresher } from './session-refresher';
import {
  accessTokenExpiry,
  endSession,
  selectSessionStatus,
  sessionEstablished,
  sessionRestoreDelayed,
} from './session-slice';
import { useResidencyPolling } from './use-residency-polling';
import { useSessionBroadcast } from './use-session-broadcast';

const SESSION_LOST: Record<RefreshFailure, string> = {
  rejected: 'Your session has ended. Please sign in again.',
  exhausted: "We couldn't reach Kitty to keep you signed in. Please sign in again.",
};

/**
 * Owns the session's life: restores it from the refresh cookie on page load, keeps the access token fresh
 * while signed in, follows sign-ins and sign-outs of the other tabs, and signs out (with an
 * 'Authentication Error' toast) when it cannot be kept.
 */
export function SessionManager() {
  const store = useAppStore();
  const status = useAppSelector(selectSessionStatus);
  const toast = useToast();
  useResidencyPolling();
  useSessionBroadcast();
  useMoneyBroadcast();
  useLiveUpdates();

  useEffect(() => {
    if (status === 'signedOut') return;
    const restoring = status === 'loading';
    const refresher = createSessionRefresher<AuthSession>({
      attempt: () => requestSessionRefresh(store.dispatch),
      expiresAt: () => accessTokenExpiry(store.getState().session),
      onRefreshed: (session) => store.dispatch(sessionEstablished(session)),
      onFailed: (failure) => {
        endSession(store.dispatch);
        // On page load a refused refresh only means "not signed in": nothing was lost.
        if (!restoring || failure === 'exhausted') toast.error('Authentication Error', SESSION_LOST[failure]);
      },
      // Told to wait on page load: the pages show what they can (Sign In, Sign Out) while it retries.
      onRateLimited: () => {
        if (restoring) store.dispatch(sessionRestoreDelayed());
      },
    });

    if (restoring) {
      void refresher.refresh();
      return () => refresher.stop();
    }

    // Background tabs throttle timers: check as soon as the tab is visible again.
    const checkWhenVisible = () => {
      if (document.visibilityState === 'visible') void refresher.check();
    };
    document.addEventListener('visibilitychange', checkWhenVisible);
    refresher.start();
    return () => {
      document.removeEventListener('visibilitychange', checkWhenVisible);
      refresher.stop();
    };
  }, [status, store, toast]);

  return null;
}
