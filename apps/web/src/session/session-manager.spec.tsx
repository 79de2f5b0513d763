import { act, screen, waitFor } from '@testing-library/react';

import { AppHeader } from '../layout/app-header';
import { anAuthSession, aUser, loadingState, signedInState, ukResidency } from '../test/factories';
import { json, mockFetch, pathOf, problem, withoutBell } from '../test/fetch-mock';
import { renderInApp } from '../test/render';
import { SessionManager } from './session-manager';
import { RESIDENCY_POLL_INTERVAL_MS, RESIDENCY_POLL_WINDOW_MS } from './use-residency-polling';

function renderSession(session = loadingState) {
  return renderInApp(
    <>
      <SessionManager />
      <AppHeader />
    </>,
    { session },
  );
}

const advance = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));

describe('SessionManager', () => {
  it('restores the session from the refresh cookie on page load', async () => {
    const fetchMock = mockFetch(() => json(anAuthSession({ accessToken: 'restored' })));
    const { store } = renderSession();

    expect(await screen.findByText('Welcome, Ann Lee')).toBeVisible();
    expect(store.getState().session.accessToken).toBe('restored');
    expect(withoutBell(fetchMock.requests).map(pathOf)).toEqual(['/api/auth/refresh']);
    expect(withoutBell(fetchMock.requests)[0].credentials).toBe('include');
  });

  it('treats a refused refresh on page load as simply signed out', async () => {
    mockFetch(() => problem(401, 'No session'));
    const { store } = renderSession();

    expect(await screen.findByRole('link', { name: 'Sign In' })).toBeVisible();
    expect(store.getState().session.status).toBe('signedOut');
    expect(screen.queryByText('Authentication Error')).toBeNull();
  });

  describe('with fake timers', () => {
    beforeEach(() => jest.useFakeTimers({ now: new Date('2026-03-02T10:00:00Z') }));
    afterEach(() => jest.useRealTimers());

    it('shows Sign In and Sign Out while a rate-limited page-load refresh waits, and restores the session quietly after', async () => {
      let refreshes = 0;
      mockFetch((request) => {
        if (pathOf(request) !== '/api/auth/refresh') return json({ unreadCount: 0, notifications: [] });
        refreshes += 1;
        if (refreshes > 1) return json(anAuthSession({ accessToken: 'restored' }));
        return new Response(JSON.stringify({ title: 'Too Many Requests', status: 429 }), {
          status: 429,
          headers: { 'Content-Type': 'application/problem+json', 'Retry-After': '60' },
        });
      });
      const { store } = renderSession();

      await advance(0);
      await waitFor(() => expect(screen.getByRole('link', { name: 'Sign In' })).toBeVisible());
      expect(screen.getByRole('button', { name: 'Sign Out' })).toBeVisible();
      expect(store.getState().session.status).toBe('loading');
      expect(screen.queryByText('Authentication Error')).toBeNull();

      await advance(60_000);
      await waitFor(() => expect(screen.getByText('Welcome, Ann Lee')).toBeVisible());
      expect(store.getState().session.accessToken).toBe('restored');
      expect(screen.queryByRole('link', { name: 'Sign In' })).toBeNull();
      expect(refreshes).toBe(2);
    });

    it('refreshes the access token when it is about to expire', async () => {
      const fetchMock = mockFetch(() => json(anAuthSession({ accessToken: 'renewed' })));
      const state = signedInState();
      const { store } = renderSession({ ...state, expiresAt: new Date(Date.now() + 100_000).toISOString() });

      await advance(29_000);
      expect(withoutBell(fetchMock.requests)).toHaveLength(0); // 100 s left at start
      await advance(1_000); // 70 s left at the 30 s check

      await waitFor(() => expect(store.getState().session.accessToken).toBe('renewed'));
      expect(withoutBell(fetchMock.requests).map(pathOf)).toEqual(['/api/auth/refresh']);
    });

    it("signs out with 'Authentication Error' when the server refuses the refresh", async () => {
      mockFetch(() => problem(401, 'Session revoked'));
      const { store } = renderSession({
        ...signedInState(),
        expiresAt: new Date(Date.now() + 60_000).toISOString(),
      });

      await advance(0);

      await waitFor(() => expect(store.getState().session.status).toBe('signedOut'));
      expect(screen.getByText('Authentication Error')).toBeVisible();
      expect(screen.getByRole('link', { name: 'Sign In' })).toBeVisible();
    });

    it('polls /api/me every 3 s until the residency badge can be shown', async () => {
      let calls = 0;
      const fetchMock = mockFetch((request) => {
        if (pathOf(request) !== '/api/me') return json({ unreadCount: 0, notifications: [] });
        calls += 1;
        return json(aUser({ residency: calls < 3 ? null : ukResidency }));
      });
      renderSession(signedInState(aUser({ residency: null })));

      await advance(0);
      expect(screen.queryByText('UK Resident')).toBeNull();
      await advance(RESIDENCY_POLL_INTERVAL_MS * 2);

      await waitFor(() => expect(screen.getByText('UK Resident')).toBeVisible());
      await advance(RESIDENCY_POLL_INTERVAL_MS * 5);
      expect(withoutBell(fetchMock.requests).map(pathOf)).toEqual(['/api/me', '/api/me', '/api/me']);
      expect(withoutBell(fetchMock.requests)[0].headers.get('Authorization')).toBe('Bearer access-token-1');
    });

    it('stops polling after 30 s when residency stays unknown', async () => {
      const fetchMock = mockFetch(() => json(aUser({ residency: null })));
      renderSession(signedInState(aUser({ residency: null })));

      await advance(RESIDENCY_POLL_WINDOW_MS);
      const polled = withoutBell(fetchMock.requests).length;
      expect(polled).toBeGreaterThanOrEqual(RESIDENCY_POLL_WINDOW_MS / RESIDENCY_POLL_INTERVAL_MS);
      await advance(RESIDENCY_POLL_WINDOW_MS);

      expect(withoutBell(fetchMock.requests)).toHaveLength(polled);
      expect(screen.queryByText('UK Resident')).toBeNull();
    });
  });
});
