import type { NotificationPreferences } from '@kitty/api-client';
import { screen, waitFor } from '@testing-library/react';

import { signedInState } from '../../test/factories';
import { json, mockFetch, pathOf, problem } from '../../test/fetch-mock';
import { renderInApp } from '../../test/render';
import { NotificationSettings } from './notification-settings';

const saved = (emailForExpenses: boolean): NotificationPreferences => ({
  preferences: [
    { kind: 'expense_added', label: 'An expense is added to your pot', inApp: true, email: emailForExpenses },
    { kind: 'member_joined', label: 'Someone joins your pot', inApp: true, email: true },
  ],
});

describe('NotificationSettings', () => {
  it('shows each kind in the server’s words and saves a switch as it moves', async () => {
    let emailForExpenses = true;
    const { requests } = mockFetch(async (request) => {
      if (pathOf(request) !== '/api/me/notification-preferences') return problem(404, 'unexpected');
      if (request.method === 'PUT') emailForExpenses = false;
      return json(saved(emailForExpenses));
    });
    const { user } = renderInApp(<NotificationSettings />, { session: signedInState() });

    const email = await screen.findByRole('switch', { name: 'An expense is added to your pot: by e-mail' });
    expect(email.getAttribute('aria-checked')).toBe('true');
    await user.click(email);

    await waitFor(() => expect(email.getAttribute('aria-checked')).toBe('false'));
    const put = requests.find((request) => request.method === 'PUT');
    expect(await put?.json()).toEqual({
      preferences: [{ kind: 'expense_added', inApp: true, email: false }],
    });
    expect(
      screen.getByRole('switch', { name: 'Someone joins your pot: in the app' }).getAttribute('aria-checked'),
    ).toBe('true');
  });

  it('says so when the settings cannot be read', async () => {
    mockFetch(() => problem(503, 'down'));
    renderInApp(<NotificationSettings />, { session: signedInState() });
    expect(await screen.findByRole('alert')).toBeVisible();
  });
});
