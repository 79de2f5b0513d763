import { act, screen, waitFor, within } from '@testing-library/react';

import { AppRoutes } from '../app/app-routes';
import { aPotSummary, signedInState } from '../test/factories';
import { problem } from '../test/fetch-mock';
import { renderInApp } from '../test/render';
import { BALANCE_REFRESH_MS } from './balance-card';
import { aWallet, moneyApi } from './test-support';

const twoPots = [
  aPotSummary(),
  aPotSummary({ id: '0c8e7f52-1d1b-4c55-9a55-000000000002', name: 'Flat bills', balancePence: 1044 }),
];
const card = () => within(screen.getByRole('region', { name: 'Money in your pots' }));
const reads = (fetchMock: ReturnType<typeof moneyApi>, path: string) =>
  fetchMock.requests.filter((request) => new URL(request.url).pathname === path).length;

describe('balance card', () => {
  it("shows the sum of the active pots as the groups' money, with the wallet beneath, and masks both as ****", async () => {
    moneyApi({ pots: twoPots, wallet: aWallet({ balancePence: 5000 }) });
    const { user } = renderInApp(<AppRoutes />, { session: signedInState() });

    expect(await screen.findByTestId('pots-balance')).toHaveProperty('textContent', '£1,245.00');
    expect((await screen.findByTestId('wallet-balance')).textContent).toBe('£50.00');
    expect(
      card().getByText(
        'The groups’ money, held in your 2 active pots. Each pot below shows what you owe or are owed in it.',
      ),
    ).toBeVisible();
    expect(card().queryByText(/your balance/i)).toBeNull();

    await user.click(card().getByRole('button', { name: 'Hide balance' }));
    expect(screen.getByTestId('pots-balance').textContent).toBe('****');
    expect(screen.getByTestId('wallet-balance').textContent).toBe('****');

    await user.click(card().getByRole('button', { name: 'Show balance' }));
    expect(screen.getByTestId('pots-balance').textContent).toBe('£1,245.00');
  });

  it('reads the balances again on Refresh', async () => {
    const fetchMock = moneyApi({ pots: twoPots });
    const { user } = renderInApp(<AppRoutes />, { session: signedInState() });
    await screen.findByTestId('wallet-balance');
    const before = reads(fetchMock, '/api/wallet');

    await user.click(card().getByRole('button', { name: 'Refresh balance' }));
    await waitFor(() => expect(reads(fetchMock, '/api/wallet')).toBe(before + 1));
    expect(reads(fetchMock, '/api/pots')).toBeGreaterThan(1);
  });

  it('says when the balance cannot be loaded', async () => {
    moneyApi({}, (request) =>
      new URL(request.url).pathname === '/api/pots'
        ? problem(503, 'Pots are unavailable right now.')
        : undefined,
    );
    renderInApp(<AppRoutes />, { session: signedInState() });

    expect(await card().findByText('Could not load your balance')).toBeVisible();
    expect(card().getByText('Pots are unavailable right now.')).toBeVisible();
  });

  describe('every 30 seconds', () => {
    beforeEach(() => jest.useFakeTimers({ advanceTimers: true }));
    afterEach(() => jest.useRealTimers());

    it('refreshes while no dialog is open, and not while Add Funds is open', async () => {
      const fetchMock = moneyApi({ pots: twoPots });
      const { user } = renderInApp(<AppRoutes />, { session: signedInState() });
      await screen.findByTestId('wallet-balance');
      const first = reads(fetchMock, '/api/wallet');

      await act(() => jest.advanceTimersByTimeAsync(BALANCE_REFRESH_MS + 100));
      await waitFor(() => expect(reads(fetchMock, '/api/wallet')).toBe(first + 1));

      await user.click(card().getByRole('button', { name: 'Add Funds' }));
      await screen.findByRole('dialog', { name: 'Add Funds' });
      await act(() => jest.advanceTimersByTimeAsync(2 * BALANCE_REFRESH_MS + 100));
      expect(reads(fetchMock, '/api/wallet')).toBe(first + 1);
    });

    it('keeps the balance and the pots last read when a refresh fails, says from when, and clears it', async () => {
      let down = false;
      moneyApi({ pots: twoPots, wallet: aWallet({ balancePence: 5000 }) }, (request) =>
        down && ['/api/pots', '/api/wallet'].includes(new URL(request.url).pathname)
          ? problem(503, 'Please try again in a moment.')
          : undefined,
      );
      renderInApp(<AppRoutes />, { session: signedInState() });
      expect(await screen.findByTestId('pots-balance')).toHaveProperty('textContent', '£1,245.00');

      down = true;
      await act(() => jest.advanceTimersByTimeAsync(BALANCE_REFRESH_MS + 100));
      expect((await card().findByRole('status')).textContent).toMatch(/^Could not refresh: as of /);
      expect(screen.getByTestId('pots-balance').textContent).toBe('£1,245.00');
      expect(screen.getByTestId('wallet-balance').textContent).toBe('£50.00');
      expect(card().queryByText('Could not load your balance')).toBeNull();
      expect(screen.getByText('Flat bills')).toBeVisible();

      down = false;
      await act(() => jest.advanceTimersByTimeAsync(BALANCE_REFRESH_MS + 100));
      await waitFor(() => expect(card().queryByRole('status')).toBeNull());
      expect(screen.getByTestId('pots-balance').textContent).toBe('£1,245.00');
    });
  });
});
