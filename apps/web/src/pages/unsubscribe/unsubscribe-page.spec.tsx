import { screen } from '@testing-library/react';

import { AppRoutes } from '../../app/app-routes';
import { json, mockFetch, pathOf, problem } from '../../test/fetch-mock';
import { renderInApp } from '../../test/render';

const TOKEN = 'aGFzaA.c2lnbmF0dXJl';

describe('unsubscribe page', () => {
  it('asks before unsubscribing, then confirms the address is unsubscribed', async () => {
    const fetchMock = mockFetch(() =>
      json({
        unsubscribed: true,
        message: 'You will no longer receive e-mails from Kitty at this address.',
      }),
    );
    const { user } = renderInApp(<AppRoutes />, { route: `/unsubscribe?token=${TOKEN}` });

    await screen.findByRole('heading', { name: 'Unsubscribe from Kitty e-mails?' });
    expect(fetchMock.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));

    expect(await screen.findByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
    expect(screen.getByText('You will no longer receive e-mails from Kitty at this address.')).toBeVisible();
    const [post] = fetchMock.requests.filter((r) => r.method === 'POST');
    expect(pathOf(post)).toBe('/api/email-preferences/unsubscribe');
    expect(new URL(post.url).searchParams.get('token')).toBe(TOKEN);
  });

  it('says so when the link is not valid', async () => {
    mockFetch(() => problem(400, 'This unsubscribe link is not valid.', { title: 'Invalid link' }));
    const { user } = renderInApp(<AppRoutes />, { route: `/unsubscribe?token=${TOKEN}` });
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('heading', { name: 'This unsubscribe link is not valid' })).toBeVisible();
    expect(screen.getByText('This unsubscribe link is not valid.')).toBeVisible();
  });

  it('needs a token', async () => {
    renderInApp(<AppRoutes />, { route: '/unsubscribe' });
    expect(await screen.findByRole('heading', { name: 'This unsubscribe link is not valid' })).toBeVisible();
  });
});
