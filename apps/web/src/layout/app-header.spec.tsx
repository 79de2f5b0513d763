import { screen, waitFor } from '@testing-library/react';

import { AppRoutes } from '../app/app-routes';
import { aUser, frenchResidency, signedInState } from '../test/factories';
import { mockFetch, noContent, pathOf, problem, withoutBell } from '../test/fetch-mock';
import { renderInApp } from '../test/render';
import { AppHeader } from './app-header';

describe('AppHeader', () => {
  it('welcomes the user and hides the residency badge while residency is unknown', async () => {
    renderInApp(<AppHeader />, { session: signedInState(aUser({ residency: null })) });

    // The signed-in actions are a chunk of their own: they arrive a moment after the header.
    expect(await screen.findByText('Welcome, Ann Lee')).toBeVisible();
    expect(screen.queryByText('UK Resident')).toBeNull();
    expect(screen.queryByText('International User')).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  });

  it("shows 'UK Resident' for a UK resident", async () => {
    renderInApp(<AppHeader />, { session: signedInState(aUser()) });
    expect(await screen.findByText('UK Resident')).toBeVisible();
  });

  it("shows 'International User' for anyone else", async () => {
    renderInApp(<AppHeader />, { session: signedInState(aUser({ residency: frenchResidency })) });
    expect(await screen.findByText('International User')).toBeVisible();
  });

  it('falls back to the e-mail address when there is no name', async () => {
    renderInApp(<AppHeader />, { session: signedInState(aUser({ fullName: ' ' })) });
    expect(await screen.findByText('Welcome, ann@example.com')).toBeVisible();
  });

  it('offers Sign In and Get Started to visitors', () => {
    renderInApp(<AppHeader />);

    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/auth');
    expect(screen.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/auth?mode=sign-up');
    expect(screen.getByRole('link', { name: 'Kitty' }).getAttribute('href')).toBe('/');
    expect(screen.queryByText(/Welcome/)).toBeNull();
  });

  it('signs out on the server, forgets the session and goes home', async () => {
    const fetchMock = mockFetch(() => noContent());
    const { user, store } = renderInApp(<AppHeader />, { route: '/onboarding', session: signedInState() });

    await user.click(await screen.findByRole('button', { name: 'Sign Out' }));

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(store.getState().session).toMatchObject({ status: 'signedOut', accessToken: null, user: null });
    expect(pathOf(withoutBell(fetchMock.requests)[0])).toBe('/api/auth/sign-out');
    expect(withoutBell(fetchMock.requests)[0].credentials).toBe('include');
    expect(screen.getByRole('link', { name: 'Sign In' })).toBeVisible();
  });

  it('goes home, not to the sign-in page, when signing out on a protected page', async () => {
    mockFetch(() => noContent());
    const { user } = renderInApp(<AppRoutes />, { route: '/onboarding', session: signedInState() });

    await user.click(await screen.findByRole('button', { name: 'Sign Out' }));

    await screen.findByRole('link', { name: 'Sign In' });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(
      await screen.findByRole('heading', { name: 'One shared pot. A few friends. Zero hassle.' }),
    ).toBeVisible();
  });

  it('stays signed in and says so when the server cannot sign out', async () => {
    mockFetch(() => problem(503, 'Auth service unavailable'));
    const { user, store } = renderInApp(<AppHeader />, { session: signedInState() });

    await user.click(await screen.findByRole('button', { name: 'Sign Out' }));

    expect(await screen.findByText('Sign out failed')).toBeVisible();
    expect(store.getState().session.status).toBe('signedIn');
  });
});
