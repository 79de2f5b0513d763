import type { AuthSession, Me, Residency } from '@kitty/api-client';

import type { SessionState } from '../session/session-slice';

export const ukResidency: Residency = {
  countryCode: 'GB',
  isUkResident: true,
  detectedAt: '2026-03-02T10:00:05Z',
  method: 'ip_address',
};

export const frenchResidency: Residency = { ...ukResidency, countryCode: 'FR', isUkResident: false };

export function aUser(overrides: Partial<Me> = {}): Me {
  return {
    id: 'user-1',
    email: 'ann@example.com',
    fullName: 'Ann Lee',
    residency: ukResidency,
    ...overrides,
  };
}

export function anAuthSession(overrides: Partial<AuthSession> = {}): AuthSession {
  return {
    accessToken: 'access-token-1',
    expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
    user: aUser(),
    ...overrides,
  };
}

export function signedInState(user: Me = aUser()): SessionState {
  const session = anAuthSession({ user });
  return {
    status: 'signedIn',
    accessToken: session.accessToken,
    expiresAt: session.expiresAt,
    user,
    signedOutByUser: false,
  };
}

export const signedOutState: SessionState = {
  status: 'signedOut',
  accessToken: null,
  expiresAt: null,
  user: null,
  signedOutByUser: false,
};

export const loadingState: SessionState = { ...signedOutState, status: 'loading' };
