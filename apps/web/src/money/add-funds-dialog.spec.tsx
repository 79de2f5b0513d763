import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';

import { AppRoutes } from '../app/app-routes';
import { aPotSummary, signedInState } from '../test/factories';
import { json, pathOf } from '../test/fetch-mock';
import { fill } from '../test/fill';
import { renderInApp } from '../test/render';
import { AddFundsDialog } from './add-funds-dialog';
import { anOnboardingStatus, moneyApi } from './test-support';

const FLAT = '0c8e7f52-1d1b-4c55-9a55-000000000002';
const pots = [aPotSummary(), aPotSummary({ id: FLAT, name: 'Flat bills', balancePence: 0 })];
const location = () => screen.getByTestId('location').textContent;

async function openAddFunds() {
  const view = renderInApp(<AppRoutes />, { session: signedInState() });
  const card = within(await screen.findByRole('region', { name: 'Money in your pots' }));
  await view.user.click(card.getByRole('button', { name: 'Add Funds' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Add Funds' }));
  return { ...view, dialog };
}

describe('Add Funds dialog', () => {
  it('tells an unverified user that a verified account is needed', async () => {
    moneyApi({ pots, onboarding: anOnboardingStatus('pending') });
    const { dialog } = await openAddFunds();

    await dialog.findByText('Verified Account Required');
    dialog.getByText(/verified payment account with completed identity checks/);
  });

  it("preselects the active pot for a verified user, without the verification notice; £25 goes to 'How would you like to pay?'", async () => {
    moneyApi({ pots });
    const { user, dialog } = await openAddFunds();

    dialog.getByTitle('Lisbon trip');
    await waitFor(() => expect(dialog.queryByText('Verified Account Required')).toBeNull());

    await user.click(dialog.getByRole('button', { name: '£25' }));
    expect((dialog.getByLabelText('Amount') as HTMLInputElement).value).toBe('25.00');
    await user.click(dialog.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(location()).toBe('/payment-method-selection'));
    expect(await screen.findByRole('heading', { name: 'How would you like to pay?' })).toBeVisible();
    expect(screen.getByText('Adding £25.00 to your Kitty')).toBeVisible();
    expect(screen.getByText('Into Lisbon trip')).toBeVisible();
    expect(await screen.findByText(/Platform fee \(2%\): £0.50 — total/)).toBeVisible();
  });

  it('preselects the active pot once it is known, when the dialog opened before (a first pot just created)', async () => {
    let answerActivePot!: () => void;
    const activePotRead = new Promise<void>((resolve) => (answerActivePot = resolve));
    moneyApi({ pots }, (request) =>
      pathOf(request) === '/api/active-pot'
        ? activePotRead.then(() => json({ potId: FLAT, updatedAt: null }))
        : undefined,
    );
    const { dialog } = await openAddFunds();
    dialog.getByTitle('My wallet');

    answerActivePot();
    await waitFor(() => expect(dialog.getByTitle('Flat bills')).toBeVisible());
    expect(dialog.queryByTitle('My wallet')).toBeNull();
  });

  it("refuses an amount of £0 or less: 'Invalid Amount: …'; and amounts outside £1–£5,000", async () => {
    const fetchMock = moneyApi({ pots });
    const { user, dialog } = await openAddFunds();
    const continueButton = dialog.getByRole('button', { name: 'Continue' });

    await fill(user, 'Amount', '0');
    await user.click(continueButton);
    expect(
      await dialog.findByText('Invalid Amount: Please enter a valid amount greater than £0.'),
    ).toBeVisible();

    await user.clear(dialog.getByLabelText('Amount'));
    await fill(user, 'Amount', '0.50');
    expect(await dialog.findByText('The minimum amount is £1.00.')).toBeVisible();

    await user.clear(dialog.getByLabelText('Amount'));
    await fill(user, 'Amount', '5000.01');
    expect(await dialog.findByText('The maximum amount is £5,000.00.')).toBeVisible();

    expect(location()).toBe('/');
    expect(fetchMock.requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it("sends a user without completed identity checks to /onboarding: 'Account Setup Required'", async () => {
    moneyApi({ pots, onboarding: anOnboardingStatus('pending') });
    const { user, dialog } = await openAddFunds();

    await user.click(dialog.getByRole('button', { name: '£10' }));
    await user.click(dialog.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText('Account Setup Required')).toBeVisible();
    expect(screen.getByText('Complete your account verification to add funds.')).toBeVisible();
    await waitFor(() => expect(location()).toBe('/onboarding'));
  });

  it('passes the amount in pounds and the chosen destination to the payment page', async () => {
    moneyApi({ pots });
    const { user } = renderInApp(
      <Routes>
        <Route path="/" element={<AddFundsDialog onClose={jest.fn()} defaultPotId={FLAT} />} />
        <Route path="/payment-method-selection" element={<StateProbe />} />
      </Routes>,
      { session: signedInState() },
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Funds' }));
    await waitFor(() => expect(dialog.getByTitle('Flat bills')).toBeVisible());

    await fill(user, 'Amount', '12.5');
    await user.click(dialog.getByLabelText('Add to'));
    await user.click(await screen.findByTitle('My wallet'));
    await user.click(dialog.getByRole('button', { name: 'Continue' }));

    expect(JSON.parse((await screen.findByTestId('state')).textContent ?? '')).toEqual({
      amount: '12.50',
      destination: { type: 'wallet' },
      destinationName: 'your wallet',
    });
  });
});

function StateProbe() {
  return <output data-testid="state">{JSON.stringify(useLocation().state)}</output>;
}
