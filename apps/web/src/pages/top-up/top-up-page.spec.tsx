import { act, screen, waitFor, within } from '@testing-library/react';

import { AppRoutes } from '../../app/app-routes';
import { externalNavigation } from '../../money/external-navigation';
import { TOP_UP_POLL_MS } from '../../money/funding-history';
import { aFundingTransaction, moneyApi } from '../../money/test-support';
import { aPotSummary, signedInState } from '../../test/factories';
import { json, problem } from '../../test/fetch-mock';
import { renderInApp } from '../../test/render';

const REQUEST_ID = 'r0000000-0000-4000-8000-000000000001';
const FLAT = '0c8e7f52-1d1b-4c55-9a55-000000000002';
const pots = [aPotSummary(), aPotSummary({ id: FLAT, name: 'Flat bills' })];

const renderTopUp = (route: string) => renderInApp(<AppRoutes />, { route, session: signedInState() });

describe('/top-up', () => {
  it('preselects ?potId and continues to the payment page with the amount', async () => {
    moneyApi({ pots });
    const { user } = renderTopUp(`/top-up?potId=${FLAT}`);

    expect(await screen.findByRole('heading', { name: 'Top Up' })).toBeVisible();
    const form = within(screen.getByRole('region', { name: 'Add funds' }));
    expect(await form.findByTitle('Flat bills')).toBeVisible();

    await user.click(form.getByRole('button', { name: '£50' }));
    await user.click(form.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText('Adding £50.00 to your Kitty')).toBeVisible();
    expect(screen.getByText('Into Flat bills')).toBeVisible();
  });

  it('answers a top-up request (?request=): who asks, how much, the message and where it goes', async () => {
    const fetchMock = moneyApi({ pots }, (request) =>
      new URL(request.url).pathname === `/api/top-up-requests/${REQUEST_ID}`
        ? json({
            id: REQUEST_ID,
            requesterName: 'Bob Hart',
            amountPence: 3000,
            message: 'For the villa deposit',
            target: { type: 'pot', name: 'Lisbon trip' },
            createdAt: '2026-03-03T10:00:00Z',
          })
        : undefined,
    );
    jest.spyOn(externalNavigation, 'openBlankTab').mockReturnValue({ goTo: jest.fn(), close: jest.fn() });
    const { user } = renderTopUp(`/top-up?request=${REQUEST_ID}`);

    const request = within(await screen.findByLabelText('Top-up request'));
    expect(request.getByText('Bob Hart')).toBeVisible();
    expect(request.getByText('£30.00')).toBeVisible();
    expect(request.getByText(/to Lisbon trip/)).toBeVisible();
    expect(request.getByText('For the villa deposit')).toBeVisible();
    expect((screen.getByLabelText('Amount') as HTMLInputElement).value).toBe('30.00');
    expect(screen.queryByLabelText('Add to')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: /Credit\/debit card/ }));
    await waitFor(() => expect(fetchMock.requests.some(({ method }) => method === 'POST')).toBe(true));
    const post = fetchMock.requests.find(({ method }) => method === 'POST');
    expect(await post?.json()).toEqual({
      amountPence: 3000,
      destination: { type: 'top_up_request', requestId: REQUEST_ID },
      method: 'card',
    });
  });

  it("says when the request is not the user's or does not exist", async () => {
    moneyApi({ pots }, (request) =>
      new URL(request.url).pathname.startsWith('/api/top-up-requests/')
        ? problem(404, 'Top-up request not found.')
        : undefined,
    );
    renderTopUp(`/top-up?request=${REQUEST_ID}`);

    expect(await screen.findByText('Request not found')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Top up instead' }).getAttribute('href')).toBe('/top-up');
  });

  it('lists earlier top-ups, newest first', async () => {
    moneyApi({
      pots,
      history: [
        aFundingTransaction({
          status: 'processing',
          method: 'bank_transfer',
          amountPence: 1000,
          feePence: 20,
        }),
        aFundingTransaction({
          id: 'f2',
          destination: { type: 'wallet', name: 'Wallet' },
          feeRate: 6,
          feePence: 150,
        }),
        aFundingTransaction({
          id: 'f3',
          status: 'failed',
          method: 'bank_transfer',
          failureReason: 'The customer has told their bank that this debit was not authorised.',
        }),
        aFundingTransaction({ id: 'f4', status: 'expired', failureReason: 'Your card was declined.' }),
        aFundingTransaction({ id: 'f5', status: 'cancelled' }),
      ],
    });
    renderTopUp('/top-up');

    const rows = within(await screen.findByRole('list', { name: 'Your top-ups' })).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^£10.00 to Lisbon trip.*Bank transfer · fee £0.20 \(2%\)ProcessingReceipt$/),
      expect.stringMatching(/^£25.00 to Wallet.*Card · fee £1.50 \(6%\)AddedReceipt$/),
      expect.stringMatching(
        /\(2%\)The payment failed\. The customer has told their bank that this debit was not authorised\.FailedReceipt$/,
      ),
      expect.stringMatching(
        /\(2%\)The payment page expired before it was paid\. Your card was declined\.ExpiredReceipt$/,
      ),
      expect.stringMatching(/\(2%\)CancelledReceipt$/),
    ]);
  });

  it('keeps the top-ups last read when a refresh fails, under a note that offers to try again', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      let down = false;
      moneyApi({ pots, history: [aFundingTransaction({ status: 'processing' })] }, (request) =>
        down && new URL(request.url).pathname === '/api/funding/transactions'
          ? problem(503, 'Please try again in a moment.')
          : undefined,
      );
      const { user } = renderTopUp('/top-up');
      await screen.findByRole('list', { name: 'Your top-ups' });

      // A top-up under way is asked about again every 10 s while live updates are not connected.
      down = true;
      await act(() => jest.advanceTimersByTimeAsync(TOP_UP_POLL_MS + 100));
      expect(await screen.findByText('Could not refresh your top-ups')).toBeVisible();
      expect(
        within(screen.getByRole('list', { name: 'Your top-ups' })).getAllByRole('listitem'),
      ).toHaveLength(1);

      down = false;
      await user.click(screen.getByRole('button', { name: 'Try again' }));
      await waitFor(() => expect(screen.queryByText('Could not refresh your top-ups')).toBeNull());
    } finally {
      jest.useRealTimers();
    }
  });
});
