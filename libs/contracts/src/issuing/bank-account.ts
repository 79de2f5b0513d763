import { z } from 'zod';

import { Password } from '../auth/credentials';
import { apiRequestSchema, apiSchema, IsoDateTime, SingleLineText } from '../common';
import { IssuingCaller } from './onboarding';

/** What the SPA shows when the modulus check fails (the one message for a pair that cannot exist). */
export const BANK_DETAILS_MISMATCH =
  "That sort code and account number don't match: check them with your bank.";

/** A sort code or account number of zeros: no bank's, though the modulus rules have none to refuse it. */
const notAllZeros = (digits: string) => !/^0+$/.test(digits);

/** How many digits each bank field has, and the name the user sees it under. */
const BANK_DIGITS = {
  sortCode: { label: 'Sort code', digits: 6, example: ', like 12-34-56' },
  accountNumber: { label: 'Account number', digits: 8, example: '' },
} as const;

/**
 * Why a sort code or account number (spaces and dashes already removed) is refused, or null when it has
 * the right number of digits: the same words in the form and from the server. A number with a digit too
 * many is refused rather than cut short, since the shortened one would be someone else's account.
 */
export function bankDigitsProblem(field: keyof typeof BANK_DIGITS, digits: string): string | null {
  const { label, digits: expected, example } = BANK_DIGITS[field];
  if (new RegExp(`^\\d{${expected}}$`).test(digits)) return null;
  const count = /^\d+$/.test(digits) ? ` (this one has ${digits.length})` : '';
  return `${label} must be ${expected} digits${example}${count}.`;
}

/** The digit count as a pattern (kept in the OpenAPI document), its message naming the field and the count. */
const bankDigits = (field: keyof typeof BANK_DIGITS) =>
  SingleLineText(`${BANK_DIGITS[field].label} is required.`)
    .overwrite((value) => value.replace(/[\s-]/g, ''))
    .regex(new RegExp(`^\\d{${BANK_DIGITS[field].digits}}$`), {
      error: (issue) => bankDigitsProblem(field, String(issue.input)) ?? undefined,
    });

const bankAccountFields = {
  sortCode: bankDigits('sortCode').refine(
    notAllZeros,
    'That sort code does not exist: check it with your bank.',
  ),
  accountNumber: bankDigits('accountNumber').refine(
    notAllZeros,
    'That account number does not exist: check it with your bank.',
  ),
  accountHolderName: SingleLineText('Name on the account is required.')
    .min(1, 'Name on the account is required.')
    .max(100, 'Name on the account must be at most 100 characters.'),
};

/**
 * The user's own UK bank account, where their withdrawals are paid. Spaces and dashes are accepted
 * ('12-34-56', '1234 5678') and removed; the shape is checked here, the modulus check (VocaLink) in
 * issuing, which stores the account.
 */
export const BankAccountDetails = z.object(bankAccountFields).strict();
export type BankAccountDetails = z.infer<typeof BankAccountDetails>;

/**
 * Setting the bank account asks for the password again (checked by auth before issuing sees the
 * details): a stolen session alone must not be able to redirect the user's withdrawals.
 */
export const BankAccountRequest = apiRequestSchema(
  'BankAccountRequest',
  z.object({ ...bankAccountFields, password: Password }).strict(),
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
    /**
     * Until when withdrawals to this account wait (it replaced another one recently), or null when they
     * can be made now.
     */
    payoutsAvailableFrom: IsoDateTime.nullable(),
  }),
);
export type BankAccountView = z.infer<typeof BankAccountView>;

export const BankAccountStatus = apiSchema(
  'BankAccountStatus',
  z.object({ bankAccount: BankAccountView.nullable() }),
);
export type BankAccountStatus = z.infer<typeof BankAccountStatus>;

/**
 * 'Create New Account with Card Issuing' for a user who has a bank account: its number once more (Kitty
 * keeps only the last four digits), so the new payment account pays withdrawals to the same bank account.
 */
export const RecreatePaymentAccountRequest = apiRequestSchema(
  'RecreatePaymentAccountRequest',
  z.object({ accountNumber: bankDigits('accountNumber').optional() }).strict(),
);
export type RecreatePaymentAccountRequest = z.infer<typeof RecreatePaymentAccountRequest>;

export const RecreatePaymentAccountCommand = z
  .object({ caller: IssuingCaller, body: RecreatePaymentAccountRequest.optional() })
  .strict();
export type RecreatePaymentAccountCommand = z.infer<typeof RecreatePaymentAccountCommand>;

export const SetBankAccountCommand = z.object({ caller: IssuingCaller, body: BankAccountDetails }).strict();
export type SetBankAccountCommand = z.infer<typeof SetBankAccountCommand>;

const UK_DAY_AND_TIME = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Europe/London',
});

/**
 * The one sentence for withdrawals waiting out the cooling-off period after a change of bank account,
 * the same in the app, the e-mail and the refusal: 'Withdrawals to •••• 1234 are available from 30 Nov, 09:12.'
 */
export function payoutsAvailableNotice(accountName: string, availableFrom: string): string {
  return `Withdrawals to ${accountName} are available from ${UK_DAY_AND_TIME.format(new Date(availableFrom))}.`;
}
