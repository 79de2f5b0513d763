import { z } from 'zod';

import { apiRequestSchema, apiSchema, SingleLineText } from '../common';
import { IssuingCaller } from './onboarding';

/** What the SPA shows when the modulus check fails (the one message for a pair that cannot exist). */
export const BANK_DETAILS_MISMATCH =
  "That sort code and account number don't match: check them with your bank.";

/**
 * The user's own UK bank account, where their withdrawals are paid. Spaces and dashes are accepted
 * ('12-34-56', '1234 5678') and removed; the shape is checked here, the modulus check (VocaLink) in
 * issuing, which stores the account.
 */
export const BankAccountRequest = apiRequestSchema(
  'BankAccountRequest',
  z
    .object({
      sortCode: SingleLineText('Sort code is required.')
        .overwrite((value) => value.replace(/[\s-]/g, ''))
        .regex(/^\d{6}$/, 'Sort code must be 6 digits, like 12-34-56.'),
      accountNumber: SingleLineText('Account number is required.')
        .overwrite((value) => value.replace(/[\s-]/g, ''))
        .regex(/^\d{8}$/, 'Account number must be 8 digits.'),
      accountHolderName: SingleLineText('Name on the account is required.')
        .min(1, 'Name on the account is required.')
        .max(100, 'Name on the account must be at most 100 characters.'),
    })
    .strict(),
);
export type BankAccountRequest = z.infer<typeof BankAccountRequest>;

/** The bank account as we keep it: never the full account number, only its last four digits. */
export const BankAccountView = apiSchema(
  'BankAccount',
  z.object({
    /** '12-34-56'. */
    sortCode: z.string(),
    last4: z.string(),
    bankName: z.string().nullable(),
    accountHolderName: z.string(),
    addedAt: z.string(),
  }),
);
export type BankAccountView = z.infer<typeof BankAccountView>;

export const BankAccountStatus = apiSchema(
  'BankAccountStatus',
  z.object({ bankAccount: BankAccountView.nullable() }),
);
export type BankAccountStatus = z.infer<typeof BankAccountStatus>;

export const SetBankAccountCommand = z.object({ caller: IssuingCaller, body: BankAccountRequest }).strict();
export type SetBankAccountCommand = z.infer<typeof SetBankAccountCommand>;
