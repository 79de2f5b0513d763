import { formatPence } from './format';
import { isPence, isPositivePence } from './pence';

/** One person's part of paying an expense. */
export interface PayerAmount {
  readonly memberId: string;
  readonly amountPence: number;
}

/**
 * Why `payers` cannot have paid `totalPence` between them, in words for the person who typed it; null when
 * they can: at least one payer, each named once, each paying a positive whole number of pence, and the
 * amounts adding up to the total exactly. The API and the expense form both ask this one function.
 */
export function payersProblem(payers: readonly PayerAmount[], totalPence: number): string | null {
  if (!isPositivePence(totalPence)) return 'The amount must be more than £0.00, in whole pence.';
  if (payers.length === 0) return 'Choose who paid.';
  if (new Set(payers.map(({ memberId }) => memberId)).size !== payers.length)
    return 'Each person can be named only once among those who paid.';
  if (!payers.every(({ amountPence }) => isPositivePence(amountPence)))
    return 'Everyone who paid must have paid more than £0.00, in whole pence.';
  const paid = payersTotal(payers);
  // Amounts each within range may still add up beyond what a number holds exactly: too much, unprintable.
  if (!isPence(paid))
    return `What each person paid adds up to more than the expense's ${formatPence(totalPence)}.`;
  if (paid !== totalPence)
    return `What each person paid adds up to ${formatPence(paid)}, not the expense's ${formatPence(totalPence)}.`;
  return null;
}

export function payersTotal(payers: readonly PayerAmount[]): number {
  return payers.reduce((sum, { amountPence }) => sum + amountPence, 0);
}
