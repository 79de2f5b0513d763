import type { Withdrawal } from '@kitty/api-client';
import { screen, waitFor, within } from '@testing-library/react';

import { aPotDetail, aPotSummary, POT_ID, signedInState } from '../test/factories';
import { json, problem } from '../test/fetch-mock';
import { fill } from '../test/fill';
import { renderInApp } from '../test/render';
import { aWallet, moneyApi } from './test-support';
import { type WithdrawablePot, WithdrawDialog } from './withdraw-dialog';

const withdrawal = {
  id: 'w0000000-0000-4000-8000-000000000001',
  amountPence: 2000,
  source: { type: 'wallet', potId: null, name: 'Wallet' },
  status: 'pending',
  failureReason: null,
  createdAt: '2026-03-03T10:00:00Z',
  settledAt: null,
};

function renderDialog(defaultSource?: string, pots: WithdrawablePot[] = [aPotSummary()]) {
  const view = renderInApp(<WithdrawDialog onClose={jest.fn()} pots={pots} defaultSource={defaultSource} />, {
    session: signedInState(),
  });
  return { ...view, dialog: within(screen.getByRole('dialog', { name: 'Withdraw' })) };
}

const posts = (fetchMock: ReturnType<typeof moneyApi>) =>
  fetchMock.requests.filter((request) => request.method === 'POST');

describe('Withdraw dialog', () => {
  it('refused for want of a bank account: says so with a link to the form, which opens it', async () => {
    moneyApi({ wallet: aWallet({ balancePence: 5000 }) }, (request) =>
      request.method === 'POST'
        ? problem(409, 'Add your bank account first: withdrawals are paid to your own bank account.', {
            title: 'Bank Account Required',
          })
        : undefined,
    );
    const { user, dialog } = renderDialog();
    await dialog.findByText('Available: £50.00');

    await fill(user, 'Amount', '10');
    await user.click(dialog.getByRole('button', { name: 'Withdraw' }));

    expect(await screen.findByText('Add your bank account first')).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'Add your bank account' }));
    expect(screen.getByTestId('location').textContent).toBe('/account');
  });

  it('fills Max with the smaller of the balance and £1,000', async () => {
    moneyApi({ wallet: aWallet({ balancePence: 150_000 }) });
    const { user, dialog } = renderDialog(undefined, [aPotSummary({ balancePence: 4321 })]);
    await dialog.findByText('Available: £1,500.00');

    await user.click(dialog.getByRole('button', { name: 'Max' }));
    expect((dialog.getByLabelText('Amount') as HTMLInputElement).value).toBe('1000.00');

    // The pot holds £43.21: Max is all of it.
    await user.click(dialog.getByLabelText('Withdraw from'));
    await user.click(await screen.findByTitle('Lisbon trip (£43.21)'));
    await user.click(dialog.getByRole('button', { name: 'Max' }));
    expect((dialog.getByLabelText('Amount') as HTMLInputElement).value).toBe('43.21');
  });

  it("refuses £0 ('Please enter a valid amount to withdraw') and more than the balance ('Insufficient Funds')", async () => {
    const fetchMock = moneyApi({ wallet: aWallet({ balancePence: 5000 }) });
    const { user, dialog } = renderDialog();
    await dialog.findByText('Available: £50.00');

    await fill(user, 'Amount', '0');
    await user.click(dialog.getByRole('button', { name: 'Withdraw' }));
    expect(await dialog.findByText('Please enter a valid amount to withdraw')).toBeVisible();

    await user.clear(dialog.getByLabelText('Amount'));
    await fill(user, 'Amount', '50.01');
    await user.click(dialog.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Insufficient Funds')).toBeVisible();
    expect(
      screen.getAllByText('You cannot withdraw more than your available balance').length,
    ).toBeGreaterThan(0);
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it("withdraws from the wallet: 'Withdrawal Initiated' (1-3 business days)", async () => {
    const fetchMock = moneyApi({}, (request) =>
      request.method === 'POST' ? json(withdrawal, 201) : undefined,
    );
    const { user, dialog } = renderDialog();
    await dialog.findByText('Available: £50.00');

    await fill(user, 'Amount', '20');
    await user.click(dialog.getByRole('button', { name: 'Withdraw' }));

    expect((await screen.findAllByText('Withdrawal Initiated')).length).toBeGreaterThan(0);
    expect(screen.getByText(/£20.00 from your wallet to NatWest •••• 2345/)).toBeVisible();
    // The toast's text: toasts load their code with the first one.
    expect(
      await screen.findByText('£20.00 is on its way to your bank account. It takes 1-3 business days.'),
    ).toBeVisible();
    const [post] = posts(fetchMock);
    expect(new URL(post.url).pathname).toBe('/api/withdrawals');
    expect(await post.json()).toEqual({ amountPence: 2000, source: { type: 'wallet' } });
  });

  it('withdraws from a pot the user owns', async () => {
    const fetchMock = moneyApi({}, (request) =>
      request.method === 'POST' ? json(withdrawal, 201) : undefined,
    );
    const { user, dialog } = renderDialog(POT_ID);
    await dialog.findByText('Available: £1,234.56');

    await fill(user, 'Amount', '100');
    await user.click(dialog.getByRole('button', { name: 'Withdraw' }));

    expect(await screen.findByText(/£100.00 from Lisbon trip/)).toBeVisible();
    expect(await posts(fetchMock)[0].json()).toEqual({
      amountPence: 10000,
      source: { type: 'pot', potId: POT_ID },
    });
  });

  it("explains the pot's approval rule to a member, and says when a withdrawal waits for it", async () => {
    const fetchMock = moneyApi({}, (request) =>
      request.method === 'POST'
        ? json(
            {
              ...withdrawal,
              amountPence: 6000,
              status: 'awaiting_approval',
              source: { type: 'pot', potId: POT_ID, name: 'Lisbon trip' },
            },
            201,
          )
        : undefined,
    );
    const memberPot = aPotDetail({
      yourRole: 'member',
      rules: {
        withdrawRule: 'approval',
        spendRule: 'members',
        approvalAbovePence: 5000,
        inviteRule: 'owner',
        simplifyDebts: true,
      },
    });
    const { user, dialog } = renderDialog(POT_ID, [memberPot]);
    await dialog.findByText('Available: £1,234.56');
    expect(dialog.getByText('Above £50.00, a second member approves')).toBeVisible();

    await fill(user, 'Amount', '50');
    expect(dialog.getByRole('button', { name: 'Withdraw' })).toBeVisible();
    await user.clear(dialog.getByLabelText('Amount'));
    await fill(user, 'Amount', '60');
    expect(
      await dialog.findByText(
        'This withdrawal will wait for another member to approve it; nothing leaves the pot until then.',
      ),
    ).toBeVisible();
    await user.click(await dialog.findByRole('button', { name: 'Ask for approval' }));

    expect((await screen.findAllByText('Waiting for approval')).length).toBeGreaterThan(0);
    expect(screen.getByText(/nothing leaves the pot until one of them approves/)).toBeVisible();
    expect(await posts(fetchMock)[0].json()).toEqual({
      amountPence: 6000,
      source: { type: 'pot', potId: POT_ID },
    });
  });

  it('says nothing of approval to the owner', async () => {
    moneyApi({});
    const ownerPot = aPotDetail({
      rules: {
        withdrawRule: 'approval',
        spendRule: 'members',
        approvalAbovePence: 5000,
        inviteRule: 'owner',
        simplifyDebts: true,
      },
    });
    const { dialog } = renderDialog(POT_ID, [ownerPot]);
    await dialog.findByText('Available: £1,234.56');
    expect(dialog.queryByText('Above £50.00, a second member approves')).toBeNull();
  });

  it('lists recent withdrawals, with why a payout failed', async () => {
    moneyApi({
      withdrawals: [
        { ...withdrawal, status: 'failed', failureReason: 'The bank account was closed.' },
        {
          ...withdrawal,
          id: 'w2',
          amountPence: 500,
          status: 'paid',
          source: { type: 'pot', potId: POT_ID, name: 'Lisbon trip' },
        },
      ] as Withdrawal[],
    });
    renderDialog();

    const rows = within(await screen.findByRole('list', { name: 'Recent withdrawals' })).getAllByRole(
      'listitem',
    );
    expect(rows.map((row) => row.textContent)).toEqual([
      '£20.00 from Wallet3 Mar 2026 · The bank account was closed.Failed: returned',
      '£5.00 from Lisbon trip3 Mar 2026Paid',
    ]);
  });

  it("says 'Withdrawal Failed' when the server fails", async () => {
    moneyApi({}, (request) => (request.method === 'POST' ? problem(502, 'Stripe is down') : undefined));
    const { user, dialog } = renderDialog();
    await dialog.findByText('Available: £50.00');

    await fill(user, 'Amount', '20');
    await user.click(dialog.getByRole('button', { name: 'Withdraw' }));

    expect(await screen.findByText('Withdrawal Failed')).toBeVisible();
    expect(
      screen.getByText('There was an error processing your withdrawal. Please try again.'),
    ).toBeVisible();
  });

  it("sends an unverified user to /onboarding: 'Account Setup Required'", async () => {
    moneyApi({}, (request) =>
      request.method === 'POST'
        ? problem(403, 'Complete your account verification to withdraw funds.', {
            title: 'Account Setup Required',
          })
        : undefined,
    );
    const { user, dialog } = renderDialog();
    await dialog.findByText('Available: £50.00');

    await fill(user, 'Amount', '20');
    await user.click(dialog.getByRole('button', { name: 'Withdraw' }));

    expect(await screen.findByText('Account Setup Required')).toBeVisible();
    expect(screen.getByText('Complete your account verification to withdraw funds.')).toBeVisible();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/onboarding'));
  });
});
