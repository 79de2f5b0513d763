import { useEffect } from 'react';

import { useAppStore } from '../app/store';
import { requestSessionRefresh } from './refresh-request';
import { onSessionAnnounced } from './session-broadcast';
import { endSession, sessionEstablished } from './session-slice';

/**
 * Follows what the other tabs announce: a sign-out there signs this tab out (as if the user had clicked
 * Sign Out here, so protected pages go home); a sign-in there is picked up through the shared refresh
 * cookie unless this tab already has that user's session.
 */
export function useSessionBroadcast(): void {
  const store = useAppStore();

  useEffect(
    () =>
      onSessionAnnounced((message) => {
        const session = store.getState().session;
        if (message.type === 'signed-out') {
          if (session.status !== 'signedOut') endSession(store.dispatch, { byUser: true });
          return;
        }
        // A tab still restoring its session is already asking the server; its answer will say who it is.
        if (session.status === 'loading') return;
        if (session.status === 'signedIn' && session.user?.id === message.userId) return;
        void requestSessionRefresh(store.dispatch).then((attempt) => {
          if (attempt.ok) store.dispatch(sessionEstablished(attempt.session));
        });
      }),
    [store],
  );
}
