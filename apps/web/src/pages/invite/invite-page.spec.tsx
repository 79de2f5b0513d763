import { screen, waitFor } from '@testing-library/react';

import { AppRoutes } from '../../app/app-routes';
import { aPotDetail, POT_ID, settledBalances, signedInState } from '../../test/factories';
import { json, mockFetch, pathOf, problem } from '../../test/fetch-mock';
import { renderInApp } from '../../test/render';

const TOKEN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';
const location = () => screen.getByTestId('location').textContent;
const preview = (status = 'pending') => ({
  status,
  potName: 'Lisbon trip',
  inviterName: 'Ann Lee',
  inviteeName: 'Bob',
  expiresAt: '2026-03-09T10:00:00Z',
});

describe('invitation page', () => {
  it('shows a signed-out visitor who invited them, and signs them in on the way to joining', async () => {
    mockFetch(() => json(preview()));
    renderInApp(<AppRoutes />, { route: `/invite/${TOKEN}` });

    expect(
      await screen.findByRole('heading', { name: 'Ann Lee invited you to join Lisbon trip' }),
    ).toBeVisible();
    expect(screen.getByText(/expires on 9 Mar 2026/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign in to join' }).getAttribute('href')).toBe(
      `/auth?next=${encodeURIComponent(`/invite/${TOKEN}`)}`,
    );
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      `/auth?next=${encodeURIComponent(`/invite/${TOKEN}`)}&mode=sign-up`,
    );
  });

  it("joins a signed-in user to the pot and opens it: 'Success!'", async () => {
    const fetchMock = mockFetch((request) => {
      const path = pathOf(request);
      if (path === `/api/invitations/${TOKEN}`) return json(preview());
      if (path === `/api/invitations/${TOKEN}/accept`) return json({ potId: POT_ID });
      if (path === '/api/active-pot') return json({ potId: null, updatedAt: null });
      if (path === '/api/pots') return json([]);
      if (path.endsWith('/balances')) return json(settledBalances);
      const lists = [
        '/expenses',
        '/activity',
        '/settlements',
        '/recurring-expenses',
        '/withdrawal-approvals',
      ];
      if (lists.some((list) => path.endsWith(list))) return json([]);
      return json(aPotDetail({ yourRole: 'member' }));
    });
    const { user } = renderInApp(<AppRoutes />, { route: `/invite/${TOKEN}`, session: signedInState() });

    await user.click(await screen.findByRole('button', { name: 'Join pot' }));

    await waitFor(() => expect(location()).toBe(`/pot/${POT_ID}`));
    expect(await screen.findByText('Success!')).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Lisbon trip' })).toBeVisible();
    expect(fetchMock.requests.some((r) => r.method === 'POST' && pathOf(r).endsWith('/accept'))).toBe(true);
  });

  it.each([
    ['accepted', 'This invitation has already been used', 'This invitation has already been used.'],
    [
      'expired',
      'This invitation has expired',
      'This invitation has expired. Ask whoever sent it for a new one.',
    ],
    [
      'revoked',
      'This invitation was cancelled',
      'This invitation was cancelled by whoever sent it or the pot owner.',
    ],
  ])('says so when the invitation was %s', async (status, title, reason) => {
    mockFetch(() => json(preview(status)));
    renderInApp(<AppRoutes />, { route: `/invite/${TOKEN}`, session: signedInState() });

    expect(await screen.findByRole('heading', { name: title })).toBeVisible();
    expect(screen.getByText(reason)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go back home' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: 'Join pot' })).toBeNull();
  });

  it("shows the server's reason when the link was used in the meantime (410)", async () => {
    mockFetch((request) =>
      request.method === 'POST'
        ? problem(410, 'This invitation has already been used.', { title: 'Invitation unavailable' })
        : json(preview()),
    );
    const { user } = renderInApp(<AppRoutes />, { route: `/invite/${TOKEN}`, session: signedInState() });

    await user.click(await screen.findByRole('button', { name: 'Join pot' }));

    expect(
      await screen.findByRole('heading', { name: 'This invitation can no longer be used' }),
    ).toBeVisible();
    expect(screen.getByText('This invitation has already been used.')).toBeVisible();
  });

  it.each([
    [404, 'This invitation link is not valid. Ask for a new one.'],
    [400, 'Invalid invitation link.'],
  ])(
    "says 'This invitation link is not valid' for an unknown or malformed token (%p)",
    async (status, detail) => {
      mockFetch(() => problem(status, detail));
      renderInApp(<AppRoutes />, { route: '/invite/nope' });

      expect(await screen.findByRole('heading', { name: 'This invitation link is not valid' })).toBeVisible();
      expect(screen.getByText(detail)).toBeVisible();
    },
  );
});
