import type { BankAccountStatus } from '@kitty/api-client';
import { screen, waitFor } from '@testing-library/react';

import { signedInState } from '../test/factories';
import { json, mockFetch, pathOf, problem } from '../test/fetch-mock';
import { renderInApp } from '../test/render';
import { BankAccountForm } from './bank-account-form';

const MISMATCH = "That sort code and account number don't match: check them with your bank.";
const saved: BankAccountStatus = {
  bankAccount: {
    sortCode: '20-00-00',
    last4: '9911',
    bankName: null,
    accountHolderName: 'Ada Lovelace',
    addedAt: '2026-11-26T09:00:00.000Z',
    payoutsAvailableFrom: null,
  },
};

describe('BankAccountForm', () => {
  it('formats the sort code as typed, shows the modulus refusal under the account number, then saves', async () => {
    let stored: BankAccountStatus = { bankAccount: null };
    const { requests } = mockFetch(async (request) => {
      if (pathOf(request) !== '/api/me/bank-account') return problem(404, 'unexpected');
      if (request.method !== 'PUT') return json(stored);
      const body = (await request.clone().json()) as { accountNumber: string; password: string };
      if (body.password !== 'my password')
        return problem(400, 'Your password is not correct.', {
          title: 'Wrong password',
          errors: [{ field: 'password', message: 'Your password is not correct.' }],
        });
      if (body.accountNumber !== '55779911')
        return problem(400, MISMATCH, {
          title: 'Invalid bank details',
          errors: [{ field: 'accountNumber', message: MISMATCH }],
        });
      stored = saved;
      return json(saved);
    });
    const { user } = renderInApp(<BankAccountForm />, { session: signedInState() });

    await user.type(await screen.findByLabelText('Name on the account'), 'Ada Lovelace');
    const sortCode = screen.getByLabelText('Sort code');
    await user.type(sortCode, '200000');
    expect((sortCode as HTMLInputElement).value).toBe('20-00-00');
    await user.type(screen.getByLabelText('Account number'), '12345678');
    await user.click(screen.getByRole('button', { name: 'Save bank account' }));
    // Where money goes is not changed without the password.
    expect(await screen.findByText('Please enter your password.')).toBeVisible();
    await user.type(screen.getByLabelText('Your Kitty password'), 'a guess');
    await user.click(screen.getByRole('button', { name: 'Save bank account' }));
    expect(await screen.findByText('Your password is not correct.')).toBeVisible();
    await user.clear(screen.getByLabelText('Your Kitty password'));
    await user.type(screen.getByLabelText('Your Kitty password'), 'my password');
    await user.click(screen.getByRole('button', { name: 'Save bank account' }));
    expect(await screen.findByText(MISMATCH)).toBeVisible();

    await user.clear(screen.getByLabelText('Account number'));
    await user.type(screen.getByLabelText('Account number'), '5577 9911');
    await user.click(screen.getByRole('button', { name: 'Save bank account' }));
    await waitFor(() =>
      expect(screen.getByTestId('bank-account-current').textContent).toContain(
        'Sort code 20-00-00 · Account •••• 9911',
      ),
    );
    const puts = requests.filter((request) => request.method === 'PUT');
    expect(await puts[puts.length - 1]?.json()).toEqual({
      accountHolderName: 'Ada Lovelace',
      sortCode: '20-00-00',
      accountNumber: '55779911',
      password: 'my password',
    });
    expect(screen.getByRole('button', { name: 'Change bank account' })).toBeVisible();
  });

  it('refuses a sort code or account number with a digit too many instead of cutting it, naming the field', async () => {
    const { requests } = mockFetch((request) =>
      pathOf(request) === '/api/me/bank-account' ? json({ bankAccount: null }) : problem(404, 'unexpected'),
    );
    const { user } = renderInApp(<BankAccountForm />, { session: signedInState() });

    await user.type(await screen.findByLabelText('Name on the account'), 'Ada Lovelace');
    const sortCode = screen.getByLabelText('Sort code') as HTMLInputElement;
    await user.type(sortCode, '1234567');
    expect(sortCode.value).toBe('12-34-56-7');
    const accountNumber = screen.getByLabelText('Account number') as HTMLInputElement;
    await user.type(accountNumber, '123456789');
    expect(accountNumber.value).toBe('123456789');
    await user.type(screen.getByLabelText('Your Kitty password'), 'my password');
    await user.click(screen.getByRole('button', { name: 'Save bank account' }));

    expect(
      await screen.findByText('Sort code must be 6 digits, like 12-34-56 (this one has 7).'),
    ).toBeVisible();
    expect(screen.getByText('Account number must be 8 digits (this one has 9).')).toBeVisible();
    expect(requests.filter((request) => request.method === 'PUT')).toEqual([]);
  });

  it('says until when withdrawals to a bank account that replaced another wait', async () => {
    mockFetch(() =>
      json({
        bankAccount: {
          ...saved.bankAccount,
          last4: '1234',
          payoutsAvailableFrom: '2026-11-30T09:12:00.000Z',
        },
      }),
    );
    renderInApp(<BankAccountForm />, { session: signedInState() });
    expect((await screen.findByTestId('bank-account-cooling-off')).textContent).toContain(
      'Withdrawals to •••• 1234 are available from 30 Nov, 09:12.',
    );
  });
});
