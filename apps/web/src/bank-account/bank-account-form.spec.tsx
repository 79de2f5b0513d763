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
  },
};

describe('BankAccountForm', () => {
  it('formats the sort code as typed, shows the modulus refusal under the account number, then saves', async () => {
    let stored: BankAccountStatus = { bankAccount: null };
    const { requests } = mockFetch(async (request) => {
      if (pathOf(request) !== '/api/me/bank-account') return problem(404, 'unexpected');
      if (request.method !== 'PUT') return json(stored);
      const body = (await request.clone().json()) as { accountNumber: string };
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
    expect(await screen.findByText(MISMATCH)).toBeTruthy();

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
    });
    expect(screen.getByRole('button', { name: 'Change bank account' })).toBeTruthy();
  });
});
