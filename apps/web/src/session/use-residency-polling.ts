import { useGetMeQuery } from '@kitty/api-client';
import { useEffect, useState } from 'react';

import { useAppSelector } from '../app/store';
import { selectCurrentUser } from './session-slice';

export const RESIDENCY_POLL_INTERVAL_MS = 3_000;
export const RESIDENCY_POLL_WINDOW_MS = 30_000;

/**
 * Residency is detected asynchronously after sign-up / sign-in. While it is unknown, re-read /api/me every
 * 3 s for up to 30 s so the header badge appears; the session slice takes the fresh user from the response.
 */
export function useResidencyPolling(): void {
  const user = useAppSelector(selectCurrentUser);
  const waitingUserId = user && user.residency === null ? user.id : null;
  const [gaveUpForUserId, setGaveUpForUserId] = useState<string | null>(null);

  useEffect(() => {
    if (waitingUserId === null) return;
    const timer = setTimeout(() => setGaveUpForUserId(waitingUserId), RESIDENCY_POLL_WINDOW_MS);
    return () => clearTimeout(timer);
  }, [waitingUserId]);

  const polling = waitingUserId !== null && gaveUpForUserId !== waitingUserId;
  useGetMeQuery(undefined, { skip: !polling, pollingInterval: RESIDENCY_POLL_INTERVAL_MS });
}
