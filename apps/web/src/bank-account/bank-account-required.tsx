import { httpStatusOf, problemOf } from '@kitty/api-client';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** Where the user adds their bank account: the account page's bank account section. */
export const BANK_ACCOUNT_SETTINGS = '/account#bank-account';

export const BANK_ACCOUNT_REQUIRED = {
  title: 'Bank Account Required',
  toastTitle: 'Add your bank account first',
} as const;

/** The server refuses a withdrawal until the user has added their own bank account: 409 with this title. */
export function isBankAccountRequired(error: unknown): boolean {
  return httpStatusOf(error) === 409 && problemOf(error)?.title === BANK_ACCOUNT_REQUIRED.title;
}

/** The toast's text: why, and the link to the form. */
export function bankAccountRequiredNotice(): ReactNode {
  return (
    <>
      Withdrawals are paid to your own UK bank account.{' '}
      <Link to={BANK_ACCOUNT_SETTINGS}>Add your bank account</Link>
    </>
  );
}
