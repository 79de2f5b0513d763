import { screen, waitFor } from '@testing-library/react';

import { AppRoutes } from '../../app/app-routes';
import { moneyApi } from '../../money/test-support';
import { POT_ID, signedInState } from '../../test/factories';
import { json, problem } from '../../test/fetch-mock';
import { fill } from '../../test/fill';
import { renderInApp } from '../../test/render';
import { recipientsError, splitRecipients } from './request-top-up-page';

describe('recipients', () => {
  it('splits on commas and checks each address', () => {
    expect(splitRecipients(' ann@example.com, bob@example.org ,')).toEqual([
      'ann@example.com',
      'bob@example.org',
    ]);
    expect(recipientsError(' , ')).toBe('Please enter at least one email address.');
    expect(recipientsError('ann@example.com, bob')).toBe('Not a valid email address: bob');
    expect(recipientsError('ann@example.com')).toBeNull();
  });
});

describe('/request-top-up', () => {
  const send = () => screen.getByRole('button', { name: 'Send request' });

  it('needs an amount of at least £1 and at least one e-mail address', async () => {
    const fetchMock = moneyApi();
    const { user } = renderInApp(<AppRoutes />, { route: '/request-top-up', session: signedInState() });
    await screen.findByRole('heading', { name: 'Request a Top-Up' });

    await fill(user, 'Amount', '0.99');
    await user.click(send());
    expect(await screen.findByText('The minimum amount is £1.00.')).toBeVisible();
    expect(screen.getByText('Please enter at least one email address.')).toBeVisible();
    expect(fetchMock.requests.some(({ method }) => method === 'POST')).toBe(false);
  });

  it("sends the request to each address: 'Request Sent'", async () => {
    const fetchMock = moneyApi({}, (request) =>
      request.method === 'POST' ? json({ id: 'r1', recipients: 2 }, 201) : undefined,
    );
    const { user } = renderInApp(<AppRoutes />, { route: '/request-top-up', session: signedInState() });
    await screen.findByRole('heading', { name: 'Request a Top-Up' });
    await waitFor(() => expect(screen.getByTitle('My wallet')).toBeVisible());

    await fill(user, 'Amount', '20');
    await fill(user, 'Recipients', 'bob@example.com, cat@example.com');
    await fill(user, 'Message', ' Villa deposit ');
    await user.click(screen.getByLabelText('Add to'));
    await user.click(await screen.findByTitle('Lisbon trip'));
    await user.click(send());

    expect(await screen.findByText('Request Sent')).toBeVisible();
    expect(screen.getByText('We e-mailed 2 people asking for £20.00.')).toBeVisible();
    const post = fetchMock.requests.find(({ method }) => method === 'POST');
    expect(new URL(post?.url ?? '').pathname).toBe('/api/top-up-requests');
    expect(await post?.json()).toEqual({
      amountPence: 2000,
      recipients: ['bob@example.com', 'cat@example.com'],
      message: 'Villa deposit',
      target: { type: 'pot', potId: POT_ID },
    });
  });

  it("says 'Request Failed' when sending fails", async () => {
    moneyApi({}, (request) => (request.method === 'POST' ? problem(500, 'boom') : undefined));
    const { user } = renderInApp(<AppRoutes />, { route: '/request-top-up', session: signedInState() });
    await screen.findByRole('heading', { name: 'Request a Top-Up' });

    await fill(user, 'Amount', '20');
    await fill(user, 'Recipients', 'bob@example.com');
    await user.click(send());

    expect(await screen.findByText('Request Failed')).toBeVisible();
    expect(screen.getByText('There was an error sending your request. Please try again.')).toBeVisible();
  });
});
