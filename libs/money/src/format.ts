import { formatScaled } from './decimal';
import { penceToPounds } from './pence';

// Building a NumberFormat costs far more than using one; lists of pots format hundreds of amounts.
let gbp: Intl.NumberFormat | undefined;

/**
 * 1234567 → '£12,345.67', -100 → '-£1.00' (en-GB, GBP, always two decimals).
 * The formatter is given exact decimal text, not pence / 100: from about £90 billion up a double can no
 * longer hold every penny, and pence / 100 would print the wrong one.
 */
export function formatPence(pence: number): string {
  gbp ??= new Intl.NumberFormat('en-GB', {
    style: 'currency',
    currency: 'GBP',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return gbp.format(penceToPounds(pence));
}

const formats = new Map<string, Intl.NumberFormat>();

/**
 * An amount in another currency, in its minor units, as people read it in the UK: (4500, 'EUR', 2) →
 * '€45.00', (4500, 'JPY', 0) → '¥4,500', (4500, 'USD', 2) → 'US$45.00'.
 */
export function formatMinor(amountMinor: number, currency: string, minorUnits: number): string {
  const key = `${currency}:${minorUnits}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en-GB', {
      style: 'currency',
      currency,
      minimumFractionDigits: minorUnits,
      maximumFractionDigits: minorUnits,
    });
    formats.set(key, format);
  }
  return format.format(formatScaled(amountMinor, minorUnits));
}
