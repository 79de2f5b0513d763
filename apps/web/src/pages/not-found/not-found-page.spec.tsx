import { screen, waitFor } from '@testing-library/react';

import { AppRoutes } from '../../app/app-routes';
import { mockFetch, noContent, pathOf } from '../../test/fetch-mock';
import { renderInApp } from '../../test/render';

describe('NotFoundPage', () => {
  it('says the page does not exist, links home and logs the unknown route', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fetchMock = mockFetch(() => noContent());

    renderInApp(<AppRoutes />, { route: '/no/such/page?x=1' });

    expect(await screen.findByRole('heading', { name: '404 Oops! Page not found' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go back home' }).getAttribute('href')).toBe('/');

    expect(warn).toHaveBeenCalledWith('Route not found: /no/such/page');
    await waitFor(() => expect(fetchMock.requests).toHaveLength(1));
    const [request] = fetchMock.requests;
    expect(request.method).toBe('POST');
    expect(pathOf(request)).toBe('/api/client-events');
    expect(await request.json()).toEqual({ type: 'route-not-found', path: '/no/such/page' });
  });

  it('stays quiet for the visitor when logging fails', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));

    renderInApp(<AppRoutes />, { route: '/missing' });

    expect(await screen.findByRole('heading', { name: '404 Oops! Page not found' })).toBeVisible();
    expect(screen.queryByText(/went wrong/)).toBeNull();
  });
});
