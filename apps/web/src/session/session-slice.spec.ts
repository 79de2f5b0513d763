import { kittyApi } from '@kitty/api-client';

import { createAppStore } from '../app/store';
import { anAuthSession, aUser, frenchResidency, signedInState } from '../test/factories';
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
    expect(
      accessTokenExpiry({ status: 'signedOut', accessToken: null, expiresAt: null, user: null }),
    ).toBeNull();
  });

  it('forgets the session and cached responses on sign-out', () => {
    const store = createAppStore({ session: signedInState() });
    endSession(store.dispatch);
    expect(store.getState().session).toEqual({
      status: 'signedOut',
      accessToken: null,
      expiresAt: null,
      user: null,
    });
  });

  it('greets by full name, else by e-mail', () => {
    expect(displayName(aUser())).toBe('Ann Lee');
    expect(displayName(aUser({ fullName: '' }))).toBe('ann@example.com');
  });
});
