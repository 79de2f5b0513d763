import type { Notification, NotificationInbox } from '@kitty/api-client';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';

import { signedInState } from '../test/factories';
import { json, mockFetch, noContent, pathOf } from '../test/fetch-mock';
import { renderInApp } from '../test/render';
import { NotificationBell } from './notification-bell';

const POT = '11111111-1111-4111-8111-111111111111';
const aNotification = (overrides: Partial<Notification> = {}): Notification => ({
  id: '22222222-2222-4222-8222-222222222222',
  kind: 'expense_added',
  title: 'Ben Hart added "Dinner" (£60.00)',
  body: 'In Lisbon trip',
  link: `/pot/${POT}`,
  createdAt: '2026-11-25T10:00:00.000Z',
  readAt: null,
  ...overrides,
});

function renderBell(inbox: () => NotificationInbox) {
  const fetched = mockFetch(async (request) => {
    if (pathOf(request) === '/api/notifications') return json(inbox());
    if (pathOf(request) === '/api/notifications/read') return noContent();
    return json({});
  });
  const view = renderInApp(
    <Routes>
      <Route path="/" element={<NotificationBell />} />
      <Route path="/pot/:potId" element={<p>the pot page</p>} />
    </Routes>,
    { session: signedInState() },
  );
  return { ...fetched, ...view };
}

describe('NotificationBell', () => {
  it('shows how many are unread, lists the newest, and opens one where it happened, marking it read', async () => {
    let readAt: string | null = null;
    const { user, requests } = renderBell(() => ({
      unreadCount: readAt ? 0 : 1,
      notifications: [
        aNotification({ readAt }),
        aNotification({
          id: '33333333-3333-4333-8333-333333333333',
          title: 'Cal joined the pot',
          readAt: '2026-11-24T09:00:00.000Z',
        }),
      ],
    }));

    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await user.click(bell);
    const list = within(await screen.findByRole('list', { name: 'Notifications' }));
    const items = list.getAllByRole('button');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Unread: Ben Hart added "Dinner" \(£60\.00\)In Lisbon trip/),
      expect.stringMatching(/^Cal joined the pot/),
    ]);

    readAt = '2026-11-25T10:01:00.000Z';
    await user.click(items[0]);
    expect(await screen.findByText('the pot page')).toBeVisible();
    const marked = requests.find((request) => pathOf(request) === '/api/notifications/read');
    expect(await marked?.json()).toEqual({ ids: ['22222222-2222-4222-8222-222222222222'] });
  });

  it('marks everything read at once', async () => {
    let unread = 3;
    const { user, requests } = renderBell(() => ({ unreadCount: unread, notifications: [aNotification()] }));
    await user.click(await screen.findByRole('button', { name: 'Notifications, 3 unread' }));
    unread = 0;
    await user.click(await screen.findByRole('button', { name: 'Mark all as read' }));

    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications' })).toBeVisible());
    const marked = requests.find((request) => pathOf(request) === '/api/notifications/read');
    expect(await marked?.json()).toEqual({});
  });

  it('says so when there is nothing yet', async () => {
    const { user } = renderBell(() => ({ unreadCount: 0, notifications: [] }));
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText(/Nothing yet/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Notification settings' }).getAttribute('href')).toBe(
      '/account#notifications',
    );
  });
});
