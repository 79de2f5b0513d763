import type { OnboardingStatus, PaymentAccount } from '@kitty/api-client';
import { screen, waitFor } from '@testing-library/react';

import { AppRoutes } from '../../app/app-routes';
import { aUser, signedInState } from '../../test/factories';
import { json, mockFetch, pathOf, problem } from '../../test/fetch-mock';
import { fill } from '../../test/fill';
import { renderInApp } from '../../test/render';
import OnboardingPage from './onboarding-page';

const anAccount = (overrides: Partial<PaymentAccount> = {}): PaymentAccount => ({
  id: 'acct_1',
  status: 'active',
  kycStatus: 'complete',
  requirements: [],
  pendingVerification: [],
  cardNotReadyReason: null,
  capabilities: { cardIssuing: 'active', transfers: 'active' },
  payoutAccountLabel: 'STRIPE TEST BANK •••• 2345',
  ...overrides,
});
/** Sent, and Stripe is still checking: what the server answers the form with against Stripe. */
const beingChecked = anAccount({
  status: 'restricted',
  kycStatus: 'verifying',
  pendingVerification: ['individual.dob.day'],
  cardNotReadyReason:
    'Stripe, our payment provider, is checking your details. Your card will be ready as soon as they are confirmed, usually within minutes.',
  capabilities: { cardIssuing: 'pending', transfers: 'pending' },
});
const noAccount: OnboardingStatus = { step: 'form', account: null, card: null };
const verified = (account = anAccount()): OnboardingStatus => ({ step: 'card', account, card: null });
const aCard = { brand: 'Visa', last4: '4242', expMonth: 11, expYear: 2029, status: 'active' as const };

/** A response that arrives only when the test says so, to see the busy state. */
function deferred() {
  let resolve!: (response: Response) => void;
  const promise = new Promise<Response>((r) => (resolve = r));
  return { promise, resolve };
}

const FORM: Array<[label: string, value: string]> = [
  ['First Name', ' Ann '],
  ['Last Name', 'Lee'],
  ['Phone Number', '07700 900123'],
  ['Day', '29'],
  ['Month', '2'],
  ['Year', '2004'],
  ['Address Line 1', '1 Test Street'],
  ['City', 'London'],
  ['Postal Code', 'sw1a 1aa'],
];

async function fillForm(user: Parameters<typeof fill>[0]) {
  for (const [label, value] of FORM) await fill(user, label, value);
  await user.click(screen.getByRole('checkbox', { name: /I accept Stripe's Connected Account Agreement/ }));
}

describe('OnboardingPage', () => {
  it('welcomes the user, checks their account with a spinner, then shows the form with its benefits', async () => {
    const answer = deferred();
    mockFetch(() => answer.promise);
    renderInApp(<OnboardingPage />, { session: signedInState(aUser({ fullName: 'Ann Lee' })) });

    expect(screen.getByRole('heading', { name: 'Welcome, Ann Lee!' })).toBeVisible();
    expect(screen.getByText('Checking your account...')).toBeVisible();
    answer.resolve(json(noAccount));

    expect(await screen.findByRole('heading', { name: 'Set Up Your Payment Account' })).toBeVisible();
    for (const benefit of [
      'Bank-level security',
      'Virtual cards for pots',
      'Instant transfers between friends',
    ])
      expect(screen.getByText(benefit)).toBeVisible();
    expect(screen.getByLabelText('Phone Number').getAttribute('placeholder')).toBe('+44 7700 900123');
    expect(screen.getByRole('button', { name: 'Create & Verify Account' })).toBeVisible();
  });

  it("sends the details, shows 'Setting up account...', then 'Account Setup Complete' and the card step", async () => {
    const kyc = deferred();
    const me = aUser({ fullName: 'Ann Lee' });
    const fetchMock = mockFetch((request) => {
      if (request.method === 'POST') return kyc.promise;
      return pathOf(request) === '/api/me' ? json(me) : json(noAccount);
    });
    const { user, store } = renderInApp(<OnboardingPage />, {
      session: signedInState(aUser({ fullName: 'Ann' })),
    });
    await screen.findByLabelText('First Name');

    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Create & Verify Account' }));
    expect(await screen.findByRole('button', { name: /Setting up account\.\.\./ })).toBeVisible();
    kyc.resolve(json(verified()));

    expect(await screen.findByText('Account Setup Complete')).toBeVisible();
    expect(
      await screen.findByRole('heading', {
        name: "Account Setup Complete! Now let's create your virtual card",
      }),
    ).toBeVisible();
    expect(screen.getByText('STRIPE TEST BANK •••• 2345')).toBeVisible();
    // The profile is refreshed: the session now has the legal name from KYC.
    await waitFor(() => expect(store.getState().session.user?.fullName).toBe('Ann Lee'));
    const sent = fetchMock.requests.find((request) => request.method === 'POST')!;
    expect(pathOf(sent)).toBe('/api/onboarding/kyc');
    expect(await sent.json()).toEqual({
      firstName: 'Ann',
      lastName: 'Lee',
      phoneNumber: '07700 900123',
      dateOfBirth: { day: 29, month: 2, year: 2004 },
      address: { line1: '1 Test Street', city: 'London', postal_code: 'sw1a 1aa' },
      acceptedTerms: true,
    });
  });

  it('says Stripe is checking the details, offers no card until Stripe makes card issuing active, then offers it', async () => {
    let account = beingChecked;
    mockFetch((request) =>
      pathOf(request) === '/api/onboarding' ? json(verified(account)) : json({ bankAccount: null }),
    );
    renderInApp(<OnboardingPage />, { session: signedInState() });
    await screen.findByRole('heading', { name: 'Your details are being checked' });
    expect(screen.getByText('Your card is not ready yet')).toBeVisible();
    expect(screen.getByText(/Stripe, our payment provider, is checking your details\./)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Create Virtual Card' })).toBeDisabled();
    expect(screen.queryByText('Card Issuing Not Available?')).toBeNull();
    expect(screen.queryByText(/individual\.dob/)).toBeNull();

    // Stripe's verification finishes: the page re-reads the status and offers the card.
    account = anAccount();
    expect(
      await screen.findByRole(
        'heading',
        { name: "Account Setup Complete! Now let's create your virtual card" },
        { timeout: 6000 },
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Create Virtual Card' })).toBeEnabled();
    expect(screen.queryByText('Your card is not ready yet')).toBeNull();
  }, 15_000);

  it('says above the form when Stripe could not verify the details sent', async () => {
    const refused = anAccount({
      status: 'restricted',
      kycStatus: 'failed',
      requirements: ['individual.address.line1'],
      cardNotReadyReason:
        'Stripe, our payment provider, could not verify your details. Check them and send them again.',
      capabilities: { cardIssuing: 'inactive', transfers: 'inactive' },
    });
    mockFetch(() => json({ step: 'form', account: refused, card: null }));
    renderInApp(<OnboardingPage />, { session: signedInState() });
    expect(await screen.findByText('Check your details')).toBeVisible();
    expect(screen.getByText(/could not verify your details/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Create & Verify Account' })).toBeVisible();
  });

  it('refuses to send the form until the terms are accepted', async () => {
    const fetchMock = mockFetch(() => json(noAccount));
    const { user } = renderInApp(<OnboardingPage />, { session: signedInState() });
    await screen.findByLabelText('First Name');
    for (const [label, value] of FORM) await fill(user, label, value);
    await user.click(screen.getByRole('button', { name: 'Create & Verify Account' }));
    expect(await screen.findByText('Accept the terms to continue.')).toBeVisible();
    expect(fetchMock.requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('requires every field before sending anything', async () => {
    const fetchMock = mockFetch(() => json(noAccount));
    const { user } = renderInApp(<OnboardingPage />, { session: signedInState() });
    await screen.findByLabelText('First Name');

    await user.click(screen.getByRole('button', { name: 'Create & Verify Account' }));

    for (const field of [
      'First name',
      'Last name',
      'Phone number',
      'Day',
      'Month',
      'Year',
      'Address line 1',
      'City',
      'Postal code',
    ])
      expect(await screen.findByText(`${field} is required.`)).toBeVisible();
    expect(fetchMock.requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('checks the date of birth ranges, 18 years back at most', async () => {
    const fetchMock = mockFetch(() => json(noAccount));
    const { user } = renderInApp(<OnboardingPage />, { session: signedInState() });
    await screen.findByLabelText('First Name');
    const latestYear = new Date().getFullYear() - 18;

    await fill(user, 'Day', '32');
    await fill(user, 'Month', '13');
    await fill(user, 'Year', String(latestYear + 1));
    await user.click(screen.getByRole('button', { name: 'Create & Verify Account' }));

    expect(await screen.findByText('Day must be between 1 and 31.')).toBeVisible();
    expect(await screen.findByText('Month must be between 1 and 12.')).toBeVisible();
    expect(await screen.findByText(`Year must be between 1900 and ${latestYear}.`)).toBeVisible();
    expect(fetchMock.requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it("shows the server's reason in an 'Error' toast, marks the field, and stays on the form", async () => {
    mockFetch((request) =>
      request.method === 'POST'
        ? problem(400, 'dateOfBirth.year: You must be at least 18 years old to open an account.', {
            errors: [
              { field: 'dateOfBirth.year', message: 'You must be at least 18 years old to open an account.' },
            ],
          })
        : json(noAccount),
    );
    const { user } = renderInApp(<OnboardingPage />, { session: signedInState() });
    await screen.findByLabelText('First Name');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Create & Verify Account' }));

    expect(await screen.findByText('Error')).toBeVisible();
    expect(
      screen.getByText('dateOfBirth.year: You must be at least 18 years old to open an account.'),
    ).toBeVisible();
    expect(screen.getByText('You must be at least 18 years old to open an account.')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Set Up Your Payment Account' })).toBeVisible();
  });

  it("falls back to 'Failed to update KYC information' when the server fails", async () => {
    mockFetch((request) => (request.method === 'POST' ? problem(503, 'down') : json(noAccount)));
    const { user } = renderInApp(<OnboardingPage />, { session: signedInState() });
    await screen.findByLabelText('First Name');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Create & Verify Account' }));

    expect(await screen.findByText('Failed to update KYC information')).toBeVisible();
  });

  it("recreates the account with card issuing: 'Creating New Account...', then 'New Account Created' on the card step", async () => {
    const recreate = deferred();
    const fetchMock = mockFetch((request) =>
      request.method === 'POST'
        ? recreate.promise
        : json(verified(anAccount({ capabilities: { cardIssuing: null, transfers: 'active' } }))),
    );
    const { user } = renderInApp(<OnboardingPage />, { session: signedInState() });

    expect(await screen.findByText('Card Issuing Not Available?')).toBeVisible();
    expect(screen.getByText('Not available')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Create New Account with Card Issuing' }));
    expect(await screen.findByRole('button', { name: /Creating New Account\.\.\./ })).toBeVisible();
    recreate.resolve(json(verified(anAccount({ id: 'acct_2' }))));

    expect(await screen.findByText('New Account Created')).toBeVisible();
    expect(await screen.findByText('Available')).toBeVisible();
    expect(screen.queryByText(/acct_/)).toBeNull();
    expect(
      screen.getByRole('heading', { name: "Account Setup Complete! Now let's create your virtual card" }),
    ).toBeVisible();
    const sent = fetchMock.requests.find((request) => request.method === 'POST')!;
    expect(pathOf(sent)).toBe('/api/onboarding/account/recreate');
  });

  it('keeps the bank account when recreating: asks for its number once more and says withdrawals still go there', async () => {
    const bankAccount = {
      sortCode: '20-00-00',
      last4: '9911',
      bankName: null,
      accountHolderName: 'Ada Lovelace',
      addedAt: '2026-11-26T09:00:00.000Z',
      payoutsAvailableFrom: null,
    };
    const wrong = 'That is not the account number of •••• 9911: check it with your bank.';
    const fetchMock = mockFetch(async (request) => {
      if (pathOf(request) === '/api/me/bank-account') return json({ bankAccount });
      if (request.method !== 'POST')
        return json(verified(anAccount({ capabilities: { cardIssuing: null, transfers: 'active' } })));
      const body = (await request.clone().json()) as { accountNumber?: string };
      if (body.accountNumber !== '55779911')
        return problem(400, wrong, {
          title: 'Invalid bank details',
          errors: [{ field: 'accountNumber', message: wrong }],
        });
      return json(verified(anAccount({ id: 'acct_2', payoutAccountLabel: 'Bank account •••• 9911' })));
    });
    const { user } = renderInApp(<OnboardingPage />, { session: signedInState() });

    expect(await screen.findByLabelText('Account number of •••• 9911')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Create New Account with Card Issuing' }));
    expect(await screen.findByText('Enter the account number of •••• 9911.')).toBeVisible();
    expect(fetchMock.requests.filter((request) => request.method === 'POST')).toEqual([]);
    await user.type(screen.getByLabelText('Account number of •••• 9911'), '12349911');
    await user.click(screen.getByRole('button', { name: 'Create New Account with Card Issuing' }));
    expect(await screen.findByText(wrong)).toBeVisible();

    await user.clear(screen.getByLabelText('Account number of •••• 9911'));
    await user.type(screen.getByLabelText('Account number of •••• 9911'), '5577 9911');
    await user.click(screen.getByRole('button', { name: 'Create New Account with Card Issuing' }));
    expect(await screen.findByText('New Account Created')).toBeVisible();
    expect(
      screen.getByText(
        'Your new payment account has card issuing enabled. Withdrawals still go to •••• 9911.',
      ),
    ).toBeVisible();
    const posts = fetchMock.requests.filter((request) => request.method === 'POST');
    expect(await posts[posts.length - 1]?.json()).toEqual({ accountNumber: '55779911' });
    expect(screen.getByTestId('bank-account-current').textContent).toContain('Account •••• 9911');
  });

  it("shows 'Error' with the server's text when recreating fails", async () => {
    mockFetch((request) => (request.method === 'POST' ? problem(422, 'No such token.') : json(verified())));
    const { user } = renderInApp(<OnboardingPage />, { session: signedInState() });
    await user.click(await screen.findByRole('button', { name: 'Create New Account with Card Issuing' }));

    expect(await screen.findByText('Error')).toBeVisible();
    expect(screen.getByText('No such token.')).toBeVisible();
  });

  it("creates the virtual card: 'Virtual Card Created', then Setup Complete with the card", async () => {
    let issued = false;
    const fetchMock = mockFetch((request) => {
      if (request.method === 'POST') {
        issued = true;
        return json({ ...aCard, spendsFrom: null }, 201);
      }
      return json(issued ? { step: 'complete', account: anAccount(), card: aCard } : verified());
    });
    const { user } = renderInApp(<OnboardingPage />, { session: signedInState() });
    await user.click(await screen.findByRole('button', { name: 'Create Virtual Card' }));

    expect(await screen.findByText('Virtual Card Created')).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Setup Complete!' })).toBeVisible();
    expect(screen.queryByText(/acct_/)).toBeNull();
    expect(screen.getAllByText('Active')).toHaveLength(2);
    expect(screen.getByText('Visa •••• 4242, expires 11/2029')).toBeVisible();
    // In words a person knows: no 'KYC', and no 'set up your account' once it is.
    expect(screen.getByText('Identity check')).toBeVisible();
    expect(screen.getByText('Completed')).toBeVisible();
    expect(screen.queryByText(/KYC/)).toBeNull();
    expect(screen.getByText(/Your payment account is set up/)).toBeVisible();
    expect(pathOf(fetchMock.requests.find((request) => request.method === 'POST')!)).toBe('/api/cards');
    expect(screen.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/');
  });

  it("shows 'Error' with the server's reason when the card cannot be issued", async () => {
    mockFetch((request) =>
      request.method === 'POST'
        ? problem(422, 'Your payment account cannot issue cards. Create a new account with card issuing.')
        : json(verified()),
    );
    const { user } = renderInApp(<OnboardingPage />, { session: signedInState() });
    await user.click(await screen.findByRole('button', { name: 'Create Virtual Card' }));

    expect(await screen.findByText('Error')).toBeVisible();
    expect(
      screen.getByText('Your payment account cannot issue cards. Create a new account with card issuing.'),
    ).toBeVisible();
    expect(screen.getByText('Card Issuing Not Available?')).toBeVisible();
  });

  it('shows Setup Complete with Pending when the account is complete but the card is not there', async () => {
    mockFetch(() => json({ step: 'complete', account: anAccount(), card: null }));
    renderInApp(<OnboardingPage />, { session: signedInState() });

    expect(await screen.findByRole('heading', { name: 'Setup Complete!' })).toBeVisible();
    expect(screen.getByText('Pending')).toBeVisible();
    expect(screen.getByText('Completed')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/');
  });

  it('is the page at /onboarding for a signed-in user', async () => {
    mockFetch(() => json(noAccount));
    renderInApp(<AppRoutes />, { route: '/onboarding', session: signedInState() });
    expect(await screen.findByRole('heading', { name: 'Set Up Your Payment Account' })).toBeVisible();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/onboarding'));
  });
});
