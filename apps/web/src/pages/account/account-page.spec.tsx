import { screen, waitFor, within } from '@testing-library/react';

import { AppRoutes } from '../../app/app-routes';
import { aUser, frenchResidency, signedInState, ukResidency } from '../../test/factories';
import { json, mockFetch, noContent, pathOf, problem } from '../../test/fetch-mock';
import { renderInApp } from '../../test/render';

const LAPTOP = '11111111-1111-4111-8111-111111111111';
const PHONE = '22222222-2222-4222-8222-222222222222';

const sessions = (ids: string[]) => ({
  sessions: ids.map((id) => ({
    id,
    device: id === LAPTOP ? 'Chrome on macOS' : 'Safari on iPhone',
    signedInAt: '2026-11-20T10:00:00.000Z',
    lastSeenAt: '2026-11-24T09:30:00.000Z',
    current: id === LAPTOP,
  })),
});

/** The account page's reads; `more` answers the rest. */
function accountApi(more: (request: Request) => Response | undefined = () => undefined) {
  let live = [LAPTOP, PHONE];
  return mockFetch((request) => {
    const answer = more(request);
    if (answer) return answer;
    const path = pathOf(request);
    if (path === '/api/me') return json(aUser({ fullName: 'Ada Lovelace', email: 'ada@example.com' }));
    if (path === '/api/onboarding') return json({ step: 'form', account: null, card: null });
    if (path === '/api/me/sessions') return json(sessions(live));
    if (path === '/api/me/notification-preferences') return json({ preferences: [] });
    if (path === '/api/notifications') return json({ unreadCount: 0, notifications: [] });
    if (path === `/api/me/sessions/${PHONE}` && request.method === 'DELETE') {
      live = [LAPTOP];
      return noContent();
    }
    return problem(404, `unexpected ${request.method} ${path}`);
  });
}

describe('account page', () => {
  it.each([
    [{ ...ukResidency, method: 'kyc_address' as const }, 'UK resident (GB), from your verified address'],
    [frenchResidency, 'International (FR), from where you last signed in'],
  ])('says where the residency comes from (%o)', async (residency, text) => {
    accountApi((request) =>
      pathOf(request) === '/api/me' ? json(aUser({ fullName: 'Ada Lovelace', residency })) : undefined,
    );
    renderInApp(<AppRoutes />, { route: '/account', session: signedInState() });
    expect(await screen.findByText(text)).toBeVisible();
  });

  it('shows the profile, the payment state and each signed-in device; signs another device out', async () => {
    const { requests } = accountApi();
    const { user } = renderInApp(<AppRoutes />, { route: '/account', session: signedInState() });

    expect(await screen.findByRole('heading', { name: 'Your account' })).toBeVisible();
    expect(await screen.findByText('Ada Lovelace')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Change password' }).getAttribute('href')).toBe(
      '/account/password',
    );
    expect(await screen.findByText('Not verified')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Set up your payment account and card' })).toBeVisible();

    const devices = screen.getByRole('region', { name: 'Signed-in devices' });
    expect(await within(devices).findByText('Safari on iPhone')).toBeVisible();
    expect(within(devices).getByText('This device')).toBeVisible();
    // The current device has no sign-out button of its own (the header's Sign Out is that).
    expect(within(devices).getAllByRole('button', { name: /^Sign out .*, last active/ })).toHaveLength(1);

    await user.click(within(devices).getByRole('button', { name: /^Sign out Safari on iPhone/ }));
    await waitFor(() => expect(within(devices).queryByText('Safari on iPhone')).toBeNull());
    expect(requests.some((r) => r.method === 'DELETE' && pathOf(r) === `/api/me/sessions/${PHONE}`)).toBe(
      true,
    );
    expect(await screen.findByText('Safari on iPhone has been signed out.')).toBeVisible();
  });

  it("shows why an account cannot be deleted yet, in the server's words", async () => {
    accountApi((request) =>
      request.method === 'DELETE' && pathOf(request) === '/api/me'
        ? problem(
            409,
            'Your account can be deleted once no money is left in it: your Kitty wallet still holds money: withdraw it first.',
          )
        : undefined,
    );
    const { user } = renderInApp(<AppRoutes />, { route: '/account', session: signedInState() });

    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await user.type(within(dialog).getByLabelText('Password'), 'a-long-enough-password');
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));

    expect(
      await within(dialog).findByText(/your Kitty wallet still holds money: withdraw it first/),
    ).toBeVisible();
  });

  it('signs out and goes home once the account is deleted', async () => {
    const { requests } = accountApi((request) =>
      request.method === 'DELETE' && pathOf(request) === '/api/me' ? noContent() : undefined,
    );
    const { user, store } = renderInApp(<AppRoutes />, { route: '/account', session: signedInState() });

    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await user.type(within(dialog).getByLabelText('Password'), 'a-long-enough-password');
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));

    await waitFor(() => expect(store.getState().session.status).toBe('signedOut'));
    const deletion = requests.find((r) => r.method === 'DELETE' && pathOf(r) === '/api/me');
    expect(await deletion?.json()).toEqual({ password: 'a-long-enough-password' });
    expect(await screen.findByText('Account deleted')).toBeVisible();
  });
});
