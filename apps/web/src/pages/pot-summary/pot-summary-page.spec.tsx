import { screen, waitFor, within } from '@testing-library/react';

import { AppRoutes } from '../../app/app-routes';
import { aPotSummary, signedInState } from '../../test/factories';
import { json, mockFetch, pathOf } from '../../test/fetch-mock';
import { renderInApp } from '../../test/render';

const FLAT = aPotSummary({ id: '0c8e7f52-1d1b-4c55-9a55-000000000002', name: 'Flat bills' });
const EMPTY = aPotSummary({ id: '0c8e7f52-1d1b-4c55-9a55-000000000003', name: 'Empty', balancePence: 0 });

function api(activePotId: string | null) {
  let active = activePotId;
  return mockFetch(async (request) => {
    const path = pathOf(request);
    if (path === '/api/pots') return json([EMPTY, FLAT]);
    if (path === '/api/active-pot' && request.method === 'PUT') {
      active = ((await request.json()) as { potId: string }).potId;
      return json({ potId: active, updatedAt: '2026-03-02T10:00:00Z' });
    }
    if (path === '/api/active-pot') return json({ potId: active, updatedAt: null });
    return json({ notifications: [], unreadCount: 0 });
  });
}

const newPot = () => screen.getByRole('heading', { name: /^Empty/ }).closest('li') as HTMLElement;

describe('PotSummaryPage', () => {
  it('says the card still spends from the active pot, and makes the new pot active only when asked', async () => {
    const fetchMock = api(FLAT.id);
    const { user } = renderInApp(<AppRoutes />, {
      route: { pathname: '/pot-summary', state: { createdPotId: EMPTY.id } },
      session: signedInState(),
    });

    expect(await screen.findByTestId('card-pot')).toHaveTextContent(
      'Card payments come from Flat bills, your active pot.',
    );
    expect(fetchMock.requests.some((request) => request.method === 'PUT')).toBe(false);

    await user.click(within(newPot()).getByRole('button', { name: 'Spend from Empty instead' }));
    await waitFor(() =>
      expect(screen.getByTestId('card-pot')).toHaveTextContent(
        'Card payments come from this pot: it is your active pot.',
      ),
    );
    expect(within(newPot()).queryByRole('button', { name: /Spend from/ })).toBeNull();
  });

  it('says a first pot is the one card payments come from', async () => {
    api(EMPTY.id);
    renderInApp(<AppRoutes />, {
      route: { pathname: '/pot-summary', state: { createdPotId: EMPTY.id } },
      session: signedInState(),
    });

    expect(await screen.findByTestId('card-pot')).toHaveTextContent(
      'Card payments come from this pot: it is your active pot.',
    );
  });
});
