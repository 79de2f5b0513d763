import { screen, within } from '@testing-library/react';

import { AppRoutes } from '../../app/app-routes';
import { aFundingTransaction } from '../../money/test-support';
import { signedInState } from '../../test/factories';
import { json, mockFetch, pathOf, problem } from '../../test/fetch-mock';
import { renderInApp } from '../../test/render';

const TOP_UP = 'f0000000-0000-4000-8000-000000000001';

describe('top-up receipt page', () => {
  it('shows what was added, the fee apart, the total charged and both references', async () => {
    mockFetch((request) =>
      pathOf(request) === `/api/funding/top-ups/${TOP_UP}`
        ? json(aFundingTransaction({ id: TOP_UP, amountPence: 2500, feePence: 50, feeRate: 2 }))
        : problem(404, 'unexpected'),
    );
    renderInApp(<AppRoutes />, { route: `/top-ups/${TOP_UP}/receipt`, session: signedInState() });

    const receipt = within(await screen.findByRole('region', { name: /Receipt/ }));
    expect(receipt.getByText('Added')).toBeVisible();
    expect(receipt.getByText('Lisbon trip')).toBeVisible();
    expect(receipt.getByText('£25.00')).toBeVisible();
    expect(receipt.getByText('Platform fee (2%)')).toBeVisible();
    expect(receipt.getByText('£0.50')).toBeVisible();
    expect(receipt.getByText('£25.50')).toBeVisible();
    expect(receipt.getByText(TOP_UP)).toBeVisible();
    expect(receipt.getByText('cs_test_1')).toBeVisible();
  });

  it('says a failed top-up failed, in Stripe’s words', async () => {
    mockFetch(() =>
      json(aFundingTransaction({ id: TOP_UP, status: 'failed', failureReason: 'Your card was declined.' })),
    );
    renderInApp(<AppRoutes />, { route: `/top-ups/${TOP_UP}/receipt`, session: signedInState() });
    expect(await screen.findByText('The payment failed. Your card was declined.')).toBeVisible();
  });

  it('says another user’s top-up is not found', async () => {
    mockFetch(() => problem(404, 'This top-up does not exist.'));
    renderInApp(<AppRoutes />, { route: `/top-ups/${TOP_UP}/receipt`, session: signedInState() });
    expect(await screen.findByText('Top-up not found')).toBeVisible();
    expect(screen.getByText('This top-up does not exist.')).toBeVisible();
  });
});
