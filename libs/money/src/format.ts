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
