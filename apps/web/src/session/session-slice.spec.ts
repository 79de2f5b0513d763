import { kittyApi } from '@kitty/api-client';

import { createAppStore } from '../app/store';
import { anAuthSession, aUser, frenchResidency, signedInState, signedOutState } from '../test/factories';
import { json, mockFetch } from '../test/fetch-mock';
import {
  accessTokenExpiry,
  displayName,
  endSession,
  sessionEstablished,
  sessionSlice,
} from './session-slice';

describe('session slice', () => {
  it('starts loading, then holds the session in memory', () => {
    const loading = sessionSlice.reducer(undefined, { type: 'init' });
    expect(loading.status).toBe('loading');

    const session = anAuthSession();
    expect(sessionSlice.reducer(loading, sessionEstablished(session))).toEqual({
      status: 'signedIn',
      accessToken: session.accessToken,
      expiresAt: session.expiresAt,
      user: session.user,
      signedOutByUser: false,
    });
  });

  it('takes a fresher /api/me for the same user only', async () => {
    const store = createAppStore({ session: signedInState(aUser({ residency: null })) });
    const fetchMock = mockFetch(() => json(aUser({ residency: frenchResidency })));
    await store.dispatch(kittyApi.endpoints.getMe.initiate());
    expect(store.getState().session.user?.residency).toEqual(frenchResidency);

    const other = createAppStore({ session: signedInState(aUser({ residency: null })) });
    fetchMock.spy.mockImplementation(async () =>
      json(aUser({ id: 'someone-else', residency: frenchResidency })),
    );
    await other.dispatch(kittyApi.endpoints.getMe.initiate());
    expect(other.getState().session.user?.residency).toBeNull();
  });

  it('reads the access token expiry', () => {
    expect(accessTokenExpiry({ ...signedInState(), expiresAt: '2026-03-02T10:15:00Z' })).toBe(
      Date.parse('2026-03-02T10:15:00Z'),
    );
    expect(accessTokenExpiry({ ...signedInState(), expiresAt: 'garbage' })).toBe(0);
    expect(accessTokenExpiry(signedOutState)).toBeNull();
  });

  it('forgets the session and cached responses on sign-out', async () => {
    const store = createAppStore({ session: signedInState() });
    mockFetch(() => json(aUser()));
    await store.dispatch(kittyApi.endpoints.getMe.initiate());
    expect(Object.keys(store.getState().api.queries)).toHaveLength(1);

    endSession(store.dispatch);

    expect(store.getState().session).toEqual(signedOutState);
    expect(store.getState().api.queries).toEqual({});
  });

  it('remembers that the user chose to sign out, until the next session', () => {
    const store = createAppStore({ session: signedInState() });
    endSession(store.dispatch, { byUser: true });
    expect(store.getState().session.signedOutByUser).toBe(true);

    store.dispatch(sessionEstablished(anAuthSession()));
    expect(store.getState().session.signedOutByUser).toBe(false);
  });

  it('greets by full name, else by e-mail', () => {
    expect(displayName(aUser())).toBe('Ann Lee');
    expect(displayName(aUser({ fullName: '' }))).toBe('ann@example.com');
  });
});
