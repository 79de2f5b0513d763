import { bankFingerprint } from '../core/bank-fingerprint';

/** What the sandbox keeps of a Bacs Direct Debit account: the sort code and the last four digits. */
export interface BacsSummary {
  sortCode: string;
  last4: string;
  /** Stands for the full account number, which is not kept. */
  fingerprint: string;
  accountHolderName: string;
  email: string;
  /** How the debit ends, a few seconds after the session completes. */
  failure: { code: string; message: string } | null;
}

export interface BacsInput {
  name: string;
  email: string;
  sortCode: string;
  accountNumber: string;
}

export type BacsField = keyof BacsInput;

export type BacsCheck = { ok: true; account: BacsSummary } | { ok: false; field: BacsField; message: string };

/**
 * Stripe's Bacs test sort code, and the account number whose debit fails. Every other 8-digit account
 * number succeeds.
 */
export const BACS_TEST_SORT_CODE = '108800';
export const BACS_FAILING_ACCOUNT_NUMBER = '33333335';

export function checkBacs(input: BacsInput): BacsCheck {
  const name = input.name.trim();
  const email = input.email.trim();
  const sortCode = input.sortCode.replace(/[\s-]/g, '');
  const accountNumber = input.accountNumber.replace(/\s/g, '');
  if (name === '') return { ok: false, field: 'name', message: 'Enter the name of the account holder.' };
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    return {
      ok: false,
      field: 'email',
      message: 'Enter an email address for the Direct Debit confirmation.',
    };
  }
  if (!/^\d{6}$/.test(sortCode))
    return { ok: false, field: 'sortCode', message: 'Your sort code is invalid.' };
  if (!/^\d{8}$/.test(accountNumber)) {
    return { ok: false, field: 'accountNumber', message: 'Your account number is invalid.' };
  }
  const fails = accountNumber === BACS_FAILING_ACCOUNT_NUMBER;
  return {
    ok: true,
    account: {
      sortCode,
      last4: accountNumber.slice(-4),
      fingerprint: bankFingerprint(sortCode, accountNumber),
      accountHolderName: name,
      email,
      failure: fails
        ? {
            code: 'debit_not_authorized',
            message: 'The customer has told their bank that this debit was not authorised.',
          }
        : null,
    },
  };
}
