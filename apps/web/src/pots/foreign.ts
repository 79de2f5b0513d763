import type { ExpenseOriginal, ExpenseOriginalInput } from '@kitty/api-client';
import { FOREIGN_CURRENCIES, type ForeignCurrency } from '@kitty/contracts';
import {
  convertToPence,
  formatMinor,
  formatPence,
  fromMinorUnits,
  MoneyError,
  poundsToPence,
  toMinorUnits,
} from '@kitty/money';

/** What an expense was paid in: pounds, or one of the currencies the server accepts (contracts' table). */
export type ExpenseCurrency = 'GBP' | ForeignCurrency;

export const CURRENCY_OPTIONS: { value: ExpenseCurrency; label: string }[] = [
  { value: 'GBP', label: 'GBP · Pound sterling' },
  ...(Object.entries(FOREIGN_CURRENCIES) as [ForeignCurrency, { name: string }][]).map(
    ([code, { name }]) => ({
      value: code,
      label: `${code} · ${name}`,
    }),
  ),
];

export const minorUnitsOf = (currency: ExpenseCurrency): number =>
  currency === 'GBP' ? 2 : FOREIGN_CURRENCIES[currency].minorUnits;

/** '€', 'US$', '¥', 'CHF': what goes before an amount in the currency (en-GB). */
export function currencySymbol(currency: ExpenseCurrency): string {
  const parts = new Intl.NumberFormat('en-GB', { style: 'currency', currency }).formatToParts(0);
  return parts.find(({ type }) => type === 'currency')?.value ?? currency;
}

/** An amount in the currency's minor units as people read it: '£38.61', '€45.00', 'JP¥4,500'. */
export const formatIn = (amount: number, currency: ExpenseCurrency): string =>
  currency === 'GBP' ? formatPence(amount) : formatMinor(amount, currency, minorUnitsOf(currency));

/** An amount typed in the currency → its minor units, or null unless it is a plain decimal above 0. */
export function parseMinor(text: string | undefined | null, currency: ExpenseCurrency): number | null {
  if (!text || text.trim() === '') return null;
  try {
    const amount = toMinorUnits(text.trim(), minorUnitsOf(currency));
    return amount > 0 ? amount : null;
  } catch {
    return null;
  }
}

/** Minor units → text for an amount field ('45.00', '4500'). */
export const minorText = (amount: number, currency: ExpenseCurrency): string =>
  fromMinorUnits(amount, minorUnitsOf(currency));

/** How the payer knows the expense in pounds: the rate they were given, or what their bank charged. */
export type ConversionMethod = 'rate' | 'bank';

export interface ConversionInput {
  currency: ExpenseCurrency;
  /** The expense amount in its currency, in minor units (null while missing or invalid). */
  amountMinor: number | null;
  method: ConversionMethod;
  rateText?: string;
  chargedText?: string;
}

export type Conversion =
  | { status: 'ok'; amountPence: number; original?: ExpenseOriginalInput }
  | { status: 'incomplete'; message: string }
  | { status: 'error'; message: string };

/**
 * The expense in pounds, as the server will store it: the amount itself in pounds, or the foreign amount
 * converted at the rate typed (the same rule as the server's, half up to the penny), or what the bank
 * charged.
 */
export function convert({
  currency,
  amountMinor,
  method,
  rateText,
  chargedText,
}: ConversionInput): Conversion {
  if (amountMinor === null) return { status: 'incomplete', message: 'Enter the amount.' };
  if (currency === 'GBP') return { status: 'ok', amountPence: amountMinor };
  const rate = (rateText ?? '').trim();
  if (method === 'rate') {
    if (rate === '')
      return { status: 'incomplete', message: `Enter the rate: how many pounds one ${currency} cost.` };
    try {
      const amountPence = convertToPence(amountMinor, minorUnitsOf(currency), rate);
      if (amountPence <= 0)
        return { status: 'error', message: 'At this rate the expense is less than a penny.' };
      return { status: 'ok', amountPence, original: { currency, amountMinor, rate } };
    } catch (error) {
      if (error instanceof MoneyError)
        return {
          status: 'error',
          message: 'Enter the rate as pounds for one unit, e.g. 0.858 (up to 8 decimals).',
        };
      throw error;
    }
  }
  const charged = (chargedText ?? '').trim();
  if (charged === '') return { status: 'incomplete', message: 'Enter what your bank charged in pounds.' };
  try {
    const amountPence = poundsToPence(charged);
    if (amountPence > 0 && /^\d+(\.\d{1,2})?$/.test(charged))
      return { status: 'ok', amountPence, original: { currency, amountMinor } };
  } catch {
    // Not a number: said below.
  }
  return { status: 'error', message: 'Enter what your bank charged in pounds, e.g. 38.61.' };
}

/**
 * The rate a bank used, from what it charged in pounds for the amount in the currency: pounds for one unit,
 * to 4 decimals ('0.8580'), fees included. For showing only: the expense keeps what the bank charged.
 */
export function impliedRate(amountMinor: number, currency: ExpenseCurrency, chargedPence: number): string {
  return ((chargedPence / 100) * (10 ** minorUnitsOf(currency) / amountMinor)).toFixed(4);
}

/** '£38.61', or '€45.00 (£38.61)' when it was paid in another currency. */
export function amountWithOriginal(
  amountPence: number,
  original: Pick<ExpenseOriginal, 'currency' | 'amountMinor'> | null | undefined,
): string {
  return original
    ? `${formatIn(original.amountMinor, original.currency)} (${formatPence(amountPence)})`
    : formatPence(amountPence);
}
