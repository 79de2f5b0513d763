import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';

import { AppRoutes } from '../../app/app-routes';
import { rememberReturnAfterEmailConfirmed } from '../../session/return-path';
import type { SessionState } from '../../session/session-slice';
import { aUser, signedInState } from '../../test/factories';
import { json, mockFetch, pathOf, problem } from '../../test/fetch-mock';
import { renderInApp } from '../../test/render';
import AuthPage from '../auth/auth-page';
import VerifyEmailPage from './verify-email-page';

const renderPage = (route: string, session?: SessionState) =>
  renderInApp(
    <Routes>
      <Route path="/verify-email" element={<VerifyEmailPage />} />
      <Route path="/auth" element={<AuthPage />} />
      <Route path="*" element={<p>Elsewhere</p>} />
    </Routes>,
    { route, session },
  );

const confirmed = (email: string) => json({ status: 'email-confirmed', email });

describe('verify-email page', () => {
  it('asks for a click (mail scanners open links), confirms, then asks to sign in with the address filled in', async () => {
    const fetchMock = mockFetch((request) =>
      pathOf(request) === '/api/auth/verify-email' ? confirmed('ada@example.com') : json({}),
    );
    rememberReturnAfterEmailConfirmed('/top-up?pot=demo');
    const { user, store } = renderPage('/verify-email?token=tok-123');

    await screen.findByRole('heading', { name: 'Confirm your e-mail address' });
    expect(fetchMock.requests.filter((r) => pathOf(r) === '/api/auth/verify-email')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Confirm E-mail' }));

    expect(await screen.findByText('E-mail confirmed')).toBeVisible();
    expect(await screen.findByText('Sign in to start using your account.')).toBeVisible();
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/auth?next=%2Ftop-up%3Fpot%3Ddemo'),
    );
    expect((await screen.findByLabelText('Email')).getAttribute('value')).toBe('ada@example.com');
    // The link opened no session: the answer carried no token.
    expect(store.getState().session.status).toBe('signedOut');
    const post = fetchMock.requests.find((r) => pathOf(r) === '/api/auth/verify-email')!;
    expect(await post.json()).toEqual({ token: 'tok-123' });
  });

  it('lets a session already open in this browser carry on, now confirmed', async () => {
    const me = aUser({ email: 'ada@example.com', emailVerified: false });
    mockFetch((request) => {
      if (pathOf(request) === '/api/auth/verify-email') return confirmed(me.email);
      if (pathOf(request) === '/api/me') return json({ ...me, emailVerified: true });
      return json({});
    });
    const { user, store } = renderPage('/verify-email?token=tok-123', signedInState(me));
    await user.click(await screen.findByRole('button', { name: 'Confirm E-mail' }));

    expect(await screen.findByText('E-mail confirmed')).toBeVisible();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    await waitFor(() => expect(store.getState().session.user?.emailVerified).toBe(true));
    expect(store.getState().session.status).toBe('signedIn');
  });

  it('says so when the link was used or expired', async () => {
    mockFetch(() =>
      problem(400, 'This confirmation link has expired or was already used. Sign in and ask for a new one.', {
        title: 'Link no longer valid',
      }),
    );
    const { user } = renderPage('/verify-email?token=used');
    await user.click(await screen.findByRole('button', { name: 'Confirm E-mail' }));
    expect(await screen.findByRole('heading', { name: 'This link is no longer valid' })).toBeVisible();
  });
});

describe('verify-email banner', () => {
  it('tells an unconfirmed user what waits and resends the link', async () => {
    const fetchMock = mockFetch((request) =>
      pathOf(request) === '/api/me/verification-email' ? new Response(null, { status: 204 }) : json({}),
    );
    const { user } = renderInApp(<AppRoutes />, {
      route: '/about',
      session: signedInState(aUser({ emailVerified: false })),
    });
    expect(await screen.findByText('Confirm your e-mail address')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Resend e-mail' }));
    expect(await screen.findByText('E-mail sent')).toBeVisible();
    expect(
      fetchMock.requests.some((r) => pathOf(r) === '/api/me/verification-email' && r.method === 'POST'),
    ).toBe(true);
  });
});
