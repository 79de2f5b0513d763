import { screen, waitFor } from '@testing-library/react';
import { Navigate, Route, Routes } from 'react-router-dom';

import { externalNavigation } from '../../money/external-navigation';
import { moneyApi } from '../../money/test-support';
import { POT_ID, signedInState } from '../../test/factories';
import { json, problem } from '../../test/fetch-mock';
import { renderInApp } from '../../test/render';
import PaymentMethodPage from './payment-method-page';

const CHECKOUT_URL = 'https://checkout.kitty.test/pay/cs_test_1';
const created = {
  sessionId: 'cs_test_1',
  url: CHECKOUT_URL,
  amountPence: 2500,
  feePence: 50,
  feeRate: 2,
  totalPence: 2550,
};
const state = {
  amount: '25.00',
  destination: { type: 'pot', potId: POT_ID },
  destinationName: 'Lisbon trip',
};

function renderPage(navigationState: unknown = state) {
  return renderInApp(
    <Routes>
      <Route path="/start" element={<Navigate to="/payment-method-selection" state={navigationState} />} />
      <Route path="/payment-method-selection" element={<PaymentMethodPage />} />
      <Route path="/" element={<p>Home</p>} />
    </Routes>,
    { route: '/start', session: signedInState() },
  );
}

const location = () => screen.getByTestId('location').textContent;
const option = (name: string) => screen.getByRole('button', { name: new RegExp(name) });
const posts = (fetchMock: ReturnType<typeof moneyApi>) =>
  fetchMock.requests.filter((request) => request.method === 'POST');

function fakeTab() {
  const tab = { goTo: jest.fn(), close: jest.fn() };
  jest.spyOn(externalNavigation, 'openBlankTab').mockReturnValue(tab);
  return tab;
}

describe('/payment-method-selection', () => {
  it('starts again at /top-up without an amount', async () => {
    renderPage(null);
    await waitFor(() => expect(location()).toBe('/top-up'));
  });

  it('shows the amount, the fee before paying and the four ways to pay', async () => {
    moneyApi();
    renderPage();

    expect(await screen.findByRole('heading', { name: 'How would you like to pay?' })).toBeVisible();
    expect(screen.getByText('Adding £25.00 to your Kitty')).toBeVisible();
    expect(screen.getByRole('button', { name: /Back/ })).toBeVisible();
    expect((await screen.findByText(/Platform fee \(2%\)/)).textContent).toBe(
      'Platform fee (2%): £0.50 — total £25.50',
    );
    for (const name of ['Connect your bank account', 'Credit/debit card', 'Apple Pay', 'Google Pay']) {
      expect(option(name)).toBeVisible();
    }
  });

  it("opens card checkout in a new tab, says 'Payment Initiated' and goes home after 2 s; one method at a time", async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = moneyApi({}, (request) =>
      request.method === 'POST' ? new Promise<Response>((resolve) => (answer = resolve)) : undefined,
    );
    const tab = fakeTab();
    const { user } = renderPage();
    await screen.findByText(/Platform fee/);

    await user.click(option('Credit/debit card'));
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    expect(option('Credit/debit card').getAttribute('aria-busy')).toBe('true');
    expect(option('Apple Pay')).toBeDisabled();
    expect(option('Connect your bank account')).toBeDisabled();
    expect(await posts(fetchMock)[0].json()).toEqual({
      amountPence: 2500,
      destination: { type: 'pot', potId: POT_ID },
      method: 'card',
    });

    answer(json(created, 201));
    expect(await screen.findByText('Payment Initiated')).toBeVisible();
    expect(tab.goTo).toHaveBeenCalledWith(CHECKOUT_URL);
    await waitFor(() => expect(location()).toBe('/'));
    expect(screen.getByText('Home')).toBeVisible();
  });

  it('opens checkout in this tab when the browser blocks the new one', async () => {
    moneyApi({}, (request) => (request.method === 'POST' ? json(created, 201) : undefined));
    jest.spyOn(externalNavigation, 'openBlankTab').mockReturnValue(null);
    const assign = jest.spyOn(externalNavigation, 'assign').mockImplementation(() => undefined);
    const { user } = renderPage();

    await user.click(await screen.findByRole('button', { name: /Credit\/debit card/ }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(CHECKOUT_URL));
  });

  it("says 'Payment Error' when the session cannot be created, and closes the empty tab", async () => {
    moneyApi({}, (request) => (request.method === 'POST' ? problem(502, 'Stripe is down') : undefined));
    const tab = fakeTab();
    const { user } = renderPage();

    await user.click(await screen.findByRole('button', { name: /Credit\/debit card/ }));
    expect(await screen.findByText('Payment Error')).toBeVisible();
    expect(screen.getByText('Failed to process payment. Please try again.')).toBeVisible();
    expect(tab.close).toHaveBeenCalled();
    expect(option('Apple Pay')).toBeEnabled();
  });

  it("sends an unverified user to /onboarding: 'Account Setup Required'", async () => {
    moneyApi({}, (request) =>
      request.method === 'POST'
        ? problem(403, 'Complete your account verification to add funds.', {
            title: 'Account Setup Required',
          })
        : undefined,
    );
    fakeTab();
    const { user } = renderPage();

    await user.click(await screen.findByRole('button', { name: /Credit\/debit card/ }));
    expect(await screen.findByText('Account Setup Required')).toBeVisible();
    expect(screen.getByText('Complete your account verification to add funds.')).toBeVisible();
    await waitFor(() => expect(location()).toBe('/onboarding'));
  });

  describe('Apple Pay and Google Pay', () => {
    const constructed = jest.fn();
    beforeEach(() => {
      constructed.mockClear();
      // A browser with the Payment Request API: the page must not use it (no wallet manifest fetched).
      Object.defineProperty(window, 'PaymentRequest', {
        configurable: true,
        value: class {
          constructor(...args: unknown[]) {
            constructed(...args);
          }
          canMakePayment = async () => true;
        },
      });
    });
    afterEach(() => {
      delete (window as { PaymentRequest?: unknown }).PaymentRequest;
    });

    it.each([
      ['Apple Pay', 'apple_pay'],
      ['Google Pay', 'google_pay'],
    ])(
      'go to checkout in this tab for %s, which offers the wallet, without asking the browser first',
      async (name, method) => {
        const fetchMock = moneyApi({}, (request) =>
          request.method === 'POST' ? json(created, 201) : undefined,
        );
        const assign = jest.spyOn(externalNavigation, 'assign').mockImplementation(() => undefined);
        const { user } = renderPage();

        await user.click(await screen.findByRole('button', { name: new RegExp(name) }));
        await waitFor(() => expect(assign).toHaveBeenCalledWith(CHECKOUT_URL));
        expect((await posts(fetchMock)[0].json()).method).toBe(method);
        expect(constructed).not.toHaveBeenCalled();
        expect(screen.queryByText(`${name} Not Available`)).toBeNull();
      },
    );

    it("says 'Google Pay Error' when the session cannot be created", async () => {
      moneyApi({}, (request) => (request.method === 'POST' ? problem(500, 'boom') : undefined));
      const { user } = renderPage();

      await user.click(await screen.findByRole('button', { name: /Google Pay/ }));
      expect(await screen.findByText('Google Pay Error')).toBeVisible();
      expect(
        screen.getByText('Failed to process Google Pay payment. Please try another method.'),
      ).toBeVisible();
    });
  });

  it("explains the bank payment first, then 'Bank Transfer Initiated' (1-2 business days)", async () => {
    const fetchMock = moneyApi({}, (request) => (request.method === 'POST' ? json(created, 201) : undefined));
    const tab = fakeTab();
    const { user } = renderPage();
    await screen.findByText(/Platform fee/);

    await user.click(option('Connect your bank account'));
    expect(await screen.findByText(/approve a one-off payment of £25.50/)).toBeVisible();
    expect(posts(fetchMock)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Continue to your bank' }));
    expect(await screen.findByText('Bank Transfer Initiated')).toBeVisible();
    expect(screen.getByText('Your funds will arrive in 1-2 business days.')).toBeVisible();
    expect(tab.goTo).toHaveBeenCalledWith(CHECKOUT_URL);
    expect((await posts(fetchMock)[0].json()).method).toBe('bank_transfer');
  });
});
