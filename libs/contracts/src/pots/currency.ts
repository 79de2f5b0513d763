import { z } from 'zod';

import { apiRequestSchema, apiSchema } from '../common';

/**
 * Currencies an expense may have been paid in besides pounds, with their minor units (ISO 4217: how many
 * decimals an amount has — none for yen, three for dinars). The pot itself stays in GBP.
 */
export const FOREIGN_CURRENCIES = {
  EUR: { minorUnits: 2, name: 'Euro' },
  USD: { minorUnits: 2, name: 'US dollar' },
  CHF: { minorUnits: 2, name: 'Swiss franc' },
  SEK: { minorUnits: 2, name: 'Swedish krona' },
  NOK: { minorUnits: 2, name: 'Norwegian krone' },
  DKK: { minorUnits: 2, name: 'Danish krone' },
  ISK: { minorUnits: 0, name: 'Icelandic króna' },
  PLN: { minorUnits: 2, name: 'Polish złoty' },
  CZK: { minorUnits: 2, name: 'Czech koruna' },
  HUF: { minorUnits: 2, name: 'Hungarian forint' },
  TRY: { minorUnits: 2, name: 'Turkish lira' },
  CAD: { minorUnits: 2, name: 'Canadian dollar' },
  MXN: { minorUnits: 2, name: 'Mexican peso' },
  AUD: { minorUnits: 2, name: 'Australian dollar' },
  NZD: { minorUnits: 2, name: 'New Zealand dollar' },
  JPY: { minorUnits: 0, name: 'Japanese yen' },
  KRW: { minorUnits: 0, name: 'South Korean won' },
  CNY: { minorUnits: 2, name: 'Chinese yuan' },
  HKD: { minorUnits: 2, name: 'Hong Kong dollar' },
  SGD: { minorUnits: 2, name: 'Singapore dollar' },
  THB: { minorUnits: 2, name: 'Thai baht' },
  INR: { minorUnits: 2, name: 'Indian rupee' },
  AED: { minorUnits: 2, name: 'UAE dirham' },
  MAD: { minorUnits: 2, name: 'Moroccan dirham' },
  ZAR: { minorUnits: 2, name: 'South African rand' },
  JOD: { minorUnits: 3, name: 'Jordanian dinar' },
} as const satisfies Record<string, { minorUnits: number; name: string }>;

export type ForeignCurrency = keyof typeof FOREIGN_CURRENCIES;
export const ForeignCurrency = z.enum(
  Object.keys(FOREIGN_CURRENCIES) as [ForeignCurrency, ...ForeignCurrency[]],
  'Choose a currency from the list.',
);

/** 10^13 minor units: far beyond any expense in any listed currency, and a safe integer times any rate. */
export const MAX_FOREIGN_AMOUNT_MINOR = 10_000_000_000_000;

/** Pounds per one unit of the currency, as typed ('0.858'): up to 8 decimals, more than 0. */
export const EXCHANGE_RATE_PATTERN = /^\d{1,7}(\.\d{1,8})?$/;

const Rate = z
  .string()
  .trim()
  .regex(EXCHANGE_RATE_PATTERN, 'Enter the rate as pounds for one unit, e.g. 0.858 (up to 8 decimals).')
  .refine((rate) => /[1-9]/.test(rate), 'The rate must be more than 0.');

/**
 * What an expense cost in the currency it was paid in. With `rate` (pounds per unit, as the payer typed it)
 * the expense's amountPence must be the amount converted at it (`convertToPence`); without, amountPence is
 * what the payer's bank charged in pounds.
 */
export const ExpenseOriginalInput = apiRequestSchema(
  'ExpenseOriginalInput',
  z
    .object({
      currency: ForeignCurrency,
      amountMinor: z
        .number({ error: 'Invalid amount' })
        .int('Amounts are whole minor units (cents).')
        .positive('Invalid amount')
        .max(MAX_FOREIGN_AMOUNT_MINOR, 'Invalid amount'),
      rate: Rate.optional(),
    })
    .strict(),
);
export type ExpenseOriginalInput = z.infer<typeof ExpenseOriginalInput>;

export const ExpenseOriginal = apiSchema(
  'ExpenseOriginal',
  z.object({
    currency: ForeignCurrency,
    amountMinor: z.number().int(),
    /** The rate the payer gave; null when amountPence is what their bank charged. */
    rate: z.string().nullable(),
  }),
);
export type ExpenseOriginal = z.infer<typeof ExpenseOriginal>;
