import type { AuthSession, Me } from '@kitty/api-client';
import { kittyApi } from '@kitty/api-client';
import type { Dispatch, PayloadAction } from '@reduxjs/toolkit';
import { createSlice } from '@reduxjs/toolkit';

export type SessionStatus = 'loading' | 'signedIn' | 'signedOut';

/** The access token lives only here, in memory: never in localStorage (DESIGN.md "Auth and sessions"). */
export interface SessionState {
  status: SessionStatus;
  accessToken: string | null;
  /** ISO instant at which the access token expires. */
  expiresAt: string | null;
  user: Me | null;
  /** The last session ended because the user chose Sign Out (rather than it expiring or being refused). */
  signedOutByUser: boolean;
  /**
   * While loading: the page load's refresh was rate-limited (429) and is retried quietly after its
   * Retry-After. Whether there is a session is not known yet, so pages show what they can meanwhile.
   */
  restoreDelayed?: boolean;
}

const signedOutState: SessionState = {
  status: 'signedOut',
  accessToken: null,
  expiresAt: null,
  user: null,
  signedOutByUser: false,
};

export const sessionSlice = createSlice({
  name: 'session',
  initialState: { ...signedOutState, status: 'loading' } as SessionState,
  reducers: {
    sessionEstablished: (_state, { payload }: PayloadAction<AuthSession>): SessionState => ({
      status: 'signedIn',
      accessToken: payload.accessToken,
      expiresAt: payload.expiresAt,
      user: payload.user,
      signedOutByUser: false,
    }),
    signedOut: (_state, { payload }: PayloadAction<{ byUser: boolean } | undefined>): SessionState => ({
      ...signedOutState,
      signedOutByUser: payload?.byUser ?? false,
    }),
    sessionRestoreDelayed: (state) => {
      if (state.status === 'loading') state.restoreDelayed = true;
    },
  },
  extraReducers: (builder) => {
    builder.addMatcher(kittyApi.endpoints.getMe.matchFulfilled, (state, { payload }) => {
      if (state.user?.id === payload.id) state.user = payload;
    });
  },
  selectors: {
    selectSessionStatus: (state) => state.status,
    selectCurrentUser: (state) => state.user,
    selectSignedOutByUser: (state) => state.signedOutByUser,
    /** Still loading, but only because the refresh is waiting out a 429: show the page, not a spinner. */
    selectRestoreDelayed: (state) => state.status === 'loading' && state.restoreDelayed === true,
  },
});

export const { sessionEstablished, signedOut, sessionRestoreDelayed } = sessionSlice.actions;
export const { selectSessionStatus, selectCurrentUser, selectSignedOutByUser, selectRestoreDelayed } =
  sessionSlice.selectors;

/** Epoch milliseconds at which the access token expires; 0 (refresh at once) if the server sent no valid date. */
export function accessTokenExpiry(state: SessionState): number | null {
  if (state.status !== 'signedIn' || state.expiresAt === null) return null;
  const expiresAt = Date.parse(state.expiresAt);
  return Number.isFinite(expiresAt) ? expiresAt : 0;
}

/** Forget the session and every cached response that belonged to it. */
export function endSession(dispatch: Dispatch, { byUser = false }: { byUser?: boolean } = {}): void {
  dispatch(signedOut({ byUser }));
  dispatch(kittyApi.util.resetApiState());
}

/** 'Welcome, {full name or e-mail}'. */
export function displayName(user: Me): string {
  return user.fullName.trim() || user.email;
}
