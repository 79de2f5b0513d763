import { screen, waitFor } from '@testing-library/react';

import { AppRoutes } from '../../app/app-routes';
import { rememberPendingTopUp } from '../../money/pending-top-up';
import { aFundingSession, moneyApi } from '../../money/test-support';
import { signedInState } from '../../test/factories';
import { json, problem } from '../../test/fetch-mock';
import { renderInApp } from '../../test/render';

const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href');

function renderSuccess(route = '/funding-success?session_id=cs_test_1') {
  return renderInApp(<AppRoutes />, { route, session: signedInState() });
}

function sessionApi(...answers: (() => Response)[]) {
  let call = 0;
  return moneyApi({}, (request) => {
    if (!new URL(request.url).pathname.startsWith('/api/funding/sessions/')) return undefined;
    const answer = answers[Math.min(call, answers.length - 1)];
    call += 1;
    return answer();
  });
}

describe('/funding-success', () => {
  it("says 'No session ID found' without session_id", async () => {
    renderSuccess('/funding-success');
    expect(await screen.findByRole('heading', { name: 'No session ID found' })).toBeVisible();
  });

  it("shows 'Processing your payment...' until the webhook is processed, then 'Payment Successful!' with the UK fee", async () => {
    const fetchMock = sessionApi(
      () => json(aFundingSession({ status: 'pending' })),
      () => json(aFundingSession()),
    );
    renderSuccess();

    expect(await screen.findByText('Processing your payment...')).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    expect(screen.getByText('Your funds have been added to your Kitty')).toBeVisible();
    expect(screen.getByText('£25.00')).toBeVisible();
    expect(screen.getByText('UK User')).toBeVisible();
    expect(screen.getByText('Platform fee (2%): £0.50')).toBeVisible();
    expect(screen.getByText('This fee covers platform maintenance and processing costs.')).toBeVisible();
    expect(href('Continue to Dashboard')).toBe('/');
    expect(href('Create a New Pot')).toBe('/create-pot');
    const reads = fetchMock.requests.filter(({ url }) => url.includes('/api/funding/sessions/cs_test_1'));
    expect(reads).toHaveLength(2);
  });

  it('shows at first paint what this device chose before leaving for Checkout, before the server answers', async () => {
    rememberPendingTopUp(
      {
        sessionId: 'cs_test_1',
        url: 'https://checkout.example',
        amountPence: 2500,
        feePence: 50,
        feeRate: 2,
        totalPence: 2550,
      },
      { method: 'card', destinationName: 'Lisbon trip' },
    );
    // The server has not answered yet: the page shows what it knows at once.
    moneyApi({}, (request) =>
      new URL(request.url).pathname.startsWith('/api/funding/sessions/')
        ? new Promise<Response>(() => undefined)
        : undefined,
    );
    renderSuccess();

    const known = await screen.findByTestId('pending-top-up');
    expect(known).toHaveTextContent('Adding£25.00');
    expect(known).toHaveTextContent('To Lisbon trip');
    expect(known).toHaveTextContent('Card · platform fee (2%) £0.50 · total £25.50');
    expect(known).toHaveTextContent('Waiting for the payment provider to confirm it');
  });

  it('explains the international fee, and shows no fee box without a fee', async () => {
    sessionApi(() => json(aFundingSession({ isUKUser: false, markupAmount: 150, markupPercentage: 6 })));
    const { unmount } = renderSuccess();

    expect(await screen.findByText('International User')).toBeVisible();
    expect(screen.getByText('Platform fee (6%): £1.50')).toBeVisible();
    expect(screen.getByText('This fee covers cross-border and currency conversion costs.')).toBeVisible();
    unmount();

    sessionApi(() => json(aFundingSession({ markupAmount: 0 })));
    renderSuccess();
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    expect(screen.queryByText(/Platform fee/)).toBeNull();
  });

  it.each([
    [
      'failed',
      () => json(aFundingSession({ status: 'failed', failureReason: 'Your card has insufficient funds.' })),
      'The payment failed. Your card has insufficient funds.',
    ],
    [
      'expired',
      () => json(aFundingSession({ status: 'expired' })),
      'The payment page expired before it was paid.',
    ],
    ['cancelled', () => json(aFundingSession({ status: 'cancelled' })), 'You cancelled this payment.'],
    ['not found (another user’s session)', () => problem(404, 'Funding session not found.'), undefined],
  ])("says 'Error Processing Payment' when the session is %s, and why", async (_case, answer, why) => {
    sessionApi(answer);
    renderSuccess();

    expect(await screen.findByRole('heading', { name: 'Error Processing Payment' })).toBeVisible();
    expect(
      screen.getByText('There was an issue processing your payment. Please contact support.'),
    ).toBeVisible();
    if (why) expect(screen.getByText(why)).toBeVisible();
    else expect(screen.queryByText(/^The payment|^You cancelled/)).toBeNull();
  });

  it('keeps a session id from the address bar inside its path', async () => {
    const fetchMock = sessionApi(() => problem(404, 'Funding session not found.'));
    renderSuccess('/funding-success?session_id=..%2F..%2Fwallet');

    expect(await screen.findByRole('heading', { name: 'Error Processing Payment' })).toBeVisible();
    const read = fetchMock.requests.find(({ url }) => url.includes('/api/funding/sessions/'));
    expect(new URL(read?.url ?? '').pathname).toBe('/api/funding/sessions/..%2F..%2Fwallet');
  });

  it('keeps asking through a passing server error', async () => {
    sessionApi(
      () => problem(503, 'Payments are unavailable right now.'),
      () => json(aFundingSession()),
    );
    renderSuccess();
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  });
});

describe('/funding-cancelled', () => {
  it('says the payment was cancelled and offers to try again on /top-up', async () => {
    renderInApp(<AppRoutes />, { route: '/funding-cancelled' });

    expect(await screen.findByRole('heading', { name: 'Payment Cancelled' })).toBeVisible();
    expect(
      screen.getByText('Your payment was cancelled. No funds were added to your account.'),
    ).toBeVisible();
    expect(href('Return to Dashboard')).toBe('/');
    expect(href('Try Adding Funds Again')).toBe('/top-up');
  });

  it('cancels the top-up the URL names, so that it ends at once instead of waiting to expire', async () => {
    const topUpId = '7d3c2f4e-0000-4000-8000-000000000009';
    const fetchMock = moneyApi({}, (request) =>
      request.method === 'POST' ? json({ id: topUpId, status: 'cancelled' }) : undefined,
    );
    renderInApp(<AppRoutes />, { route: `/funding-cancelled?top_up=${topUpId}`, session: signedInState() });

    expect(await screen.findByRole('heading', { name: 'Payment Cancelled' })).toBeVisible();
    const posts = fetchMock.requests.filter((request) => request.method === 'POST');
    expect(posts.map((request) => new URL(request.url).pathname)).toContain(
      `/api/funding/top-ups/${topUpId}/cancel`,
    );
  });

  it('says a payment that went through before it could be cancelled is on its way (409)', async () => {
    moneyApi({}, (request) =>
      request.method === 'POST'
        ? problem(409, 'This payment went through: the funds are on their way.')
        : undefined,
    );
    renderInApp(<AppRoutes />, {
      route: '/funding-cancelled?top_up=7d3c2f4e-0000-4000-8000-000000000009',
      session: signedInState(),
    });

    expect(await screen.findByRole('heading', { name: 'Your payment went through' })).toBeVisible();
    expect(screen.queryByText('Try Adding Funds Again')).toBeNull();
  });

  it('sends old /funding links to /top-up', async () => {
    moneyApi();
    renderInApp(<AppRoutes />, { route: '/funding?potId=x', session: signedInState() });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/top-up?potId=x'));
  });
});
