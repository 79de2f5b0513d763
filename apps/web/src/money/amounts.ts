import { formatPence } from '@kitty/money';

import { parseAmountPence } from '../pots/split';

// decisions.md §11, §13. The server enforces the same limits; these only let the form answer at once.
export const MIN_TOP_UP_PENCE = 100;
export const MAX_TOP_UP_PENCE = 500_000;
export const MAX_WITHDRAWAL_PENCE = 100_000;
/** spec §9: quick select amounts, in pounds. */
export const QUICK_AMOUNTS_POUNDS = [10, 25, 50] as const;

export const INVALID_AMOUNT = {
  title: 'Invalid Amount',
  detail: 'Please enter a valid amount greater than £0.',
} as const;

/**
 * Why a typed top-up amount cannot be paid, or null when it can: above £0 (spec §5), at least £1 and at
 * most £5,000 (decisions §13).
 */
export function topUpAmountError(text: string | undefined): string | null {
  const pence = parseAmountPence(text);
  if (pence === null) return `${INVALID_AMOUNT.title}: ${INVALID_AMOUNT.detail}`;
  if (pence < MIN_TOP_UP_PENCE) return `The minimum amount is ${formatPence(MIN_TOP_UP_PENCE)}.`;
  if (pence > MAX_TOP_UP_PENCE) return `The maximum amount is ${formatPence(MAX_TOP_UP_PENCE)}.`;
  return null;
}

/** antd Form rule for a top-up amount. */
export const topUpAmountRule = {
  validator: (_rule: unknown, value: string | undefined) => {
    const error = topUpAmountError(value);
    return error ? Promise.reject(new Error(error)) : Promise.resolve();
  },
};
