import { screen, waitFor } from '@testing-library/react';

import { AppRoutes } from '../app/app-routes';
import { anAuthSession, loadingState, signedInState } from '../test/factories';
import { json, mockFetch, pathOf } from '../test/fetch-mock';
import { fill } from '../test/fill';
import { renderInApp } from '../test/render';

const location = () => screen.getByTestId('location').textContent;

describe('protected routes', () => {
  it.each(['/create-pot', '/pot-summary', '/pot/42', '/onboarding', '/request-top-up'])(
    'send a signed-out visitor from %s to /auth with the way back',
    async (path) => {
      renderInApp(<AppRoutes />, { route: path });
      await waitFor(() => expect(location()).toBe(`/auth?next=${encodeURIComponent(path)}`));
      expect(await screen.findByRole('button', { name: 'Sign In' })).toBeVisible();
    },
  );

  it('bring the visitor back to the page, query included, after signing in', async () => {
    // Sign-in answers with a session; the top-up page's own reads (pots, history) find nothing yet.
    mockFetch((request) => (pathOf(request).startsWith('/api/auth/') ? json(anAuthSession()) : json([])));
    const { user } = renderInApp(<AppRoutes />, { route: '/top-up?pot=7' });
    await waitFor(() => expect(location()).toBe('/auth?next=%2Ftop-up%3Fpot%3D7'));

    await screen.findByLabelText('Email');
    await fill(user, 'Email', 'ann@example.com');
    await fill(user, 'Password', 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(location()).toBe('/top-up?pot=7'));
    expect(await screen.findByRole('heading', { name: 'Top Up' })).toBeVisible();
  });

  it('wait for the session to be known before deciding', async () => {
    renderInApp(<AppRoutes />, { route: '/onboarding', session: loadingState });
    expect(await screen.findByText('Checking your session…')).toBeVisible();
    expect(location()).toBe('/onboarding');
  });

  it('offer Sign In instead of a bare spinner while the session check waits out a rate limit', async () => {
    renderInApp(<AppRoutes />, { route: '/onboarding', session: { ...loadingState, restoreDelayed: true } });
    expect(await screen.findByRole('heading', { name: 'Still checking your session' })).toBeVisible();
    expect(screen.getAllByRole('link', { name: 'Sign In' }).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    expect(screen.queryByText('Checking your session…')).toBeNull();
    expect(location()).toBe('/onboarding');
  });

  it('show the page to a signed-in user', async () => {
    renderInApp(<AppRoutes />, { route: '/create-pot', session: signedInState() });
    expect(await screen.findByRole('heading', { name: 'Create a Pot' })).toBeVisible();
  });

  it('send old /funding links to the top-up page', async () => {
    renderInApp(<AppRoutes />, { route: '/funding', session: signedInState() });
    await waitFor(() => expect(location()).toBe('/top-up'));
  });
});
