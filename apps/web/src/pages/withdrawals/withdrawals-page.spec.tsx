import type { Withdrawal } from '@kitty/api-client';
import { screen, within } from '@testing-library/react';

import { AppRoutes } from '../../app/app-routes';
import { aPotDetail, POT_ID, signedInState } from '../../test/factories';
import { json, mockFetch, pathOf, problem } from '../../test/fetch-mock';
import { renderInApp } from '../../test/render';

const withdrawal = (n: number, overrides: Partial<Withdrawal> = {}): Withdrawal => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  amountPence: n * 100,
  source: { type: 'wallet', potId: null, name: 'Kitty wallet' },
  status: 'paid',
  failureReason: null,
  createdAt: '2026-11-02T10:00:00Z',
  settledAt: '2026-11-03T10:00:00Z',
  requesterName: 'Ann Lee',
  bankAccount: 'NatWest •••• 0001',
  ...overrides,
});

describe('withdrawals page', () => {
  it('lists every withdrawal with its state, bank account, dates and why it failed, and pages to older ones', async () => {
    const { requests } = mockFetch((request) => {
      if (pathOf(request) !== '/api/withdrawals/history') return json({ notifications: [], unreadCount: 0 });
      const before = new URL(request.url).searchParams.get('before');
      return before
        ? json({ withdrawals: [withdrawal(1)], nextBefore: null })
        : json({
            withdrawals: [
              withdrawal(3, { status: 'failed', failureReason: 'The bank refused the payment.' }),
              withdrawal(2, { status: 'pending', settledAt: null }),
            ],
            nextBefore: withdrawal(2).id,
          });
    });
    const { user } = renderInApp(<AppRoutes />, { route: '/withdrawals', session: signedInState() });

    const rows = within(await screen.findByRole('list', { name: 'Withdrawals' })).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('£3.00 from Kitty wallet');
    expect(rows[0]).toHaveTextContent(/to NatWest •••• 0001 · asked .* · returned /);
    expect(rows[0]).toHaveTextContent('The bank refused the payment.');
    expect(within(rows[0]).getByText('Failed: returned')).toBeVisible();
    expect(within(rows[1]).getByText('On its way')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Show older withdrawals' }));
    const older = within(await screen.findByRole('list', { name: 'Older withdrawals' }));
    expect(older.getByText('£1.00 from Kitty wallet')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Show older withdrawals' })).toBeNull();
    expect(requests.map((request) => new URL(request.url).search)).toContain(
      `?before=${withdrawal(2).id}&limit=20`,
    );
  });

  it("lists a pot's withdrawals by member, naming only the caller's own bank account", async () => {
    mockFetch((request) => {
      const path = pathOf(request);
      if (path === `/api/pots/${POT_ID}/withdrawals`)
        return json({
          withdrawals: [withdrawal(2, { requesterName: 'Bob Hart', bankAccount: null }), withdrawal(1)],
          nextBefore: null,
        });
      if (path === `/api/pots/${POT_ID}`) return json(aPotDetail());
      if (path === '/api/notifications') return json({ notifications: [], unreadCount: 0 });
      return problem(404, 'unexpected');
    });
    renderInApp(<AppRoutes />, { route: `/pot/${POT_ID}/withdrawals`, session: signedInState() });

    const rows = within(await screen.findByRole('list', { name: 'Withdrawals' })).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent(/^Bob Hart: £2\.00 from Kitty walletto their bank account/);
    expect(rows[1]).toHaveTextContent(/^Ann Lee: £1\.00 from Kitty walletto NatWest •••• 0001/);
    expect(await screen.findByText('Every withdrawal from Lisbon trip')).toBeVisible();
  });
});
