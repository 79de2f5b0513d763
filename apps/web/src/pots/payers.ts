import { formatPence, type PayerAmount, payersProblem, payersTotal } from '@kitty/money';

import { parseAmountPence, penceText } from './split';

/** What each member paid, as typed (blank: nothing). */
export type PaidAmounts = Readonly<Record<string, string>>;

export interface PayerMember {
  id: string;
  name: string;
}

/** The members who paid something, with what, in the members' order; or why an amount cannot be read. */
function readPayers(
  amounts: PaidAmounts,
  members: readonly PayerMember[],
): { payers: PayerAmount[] } | { error: string } {
  const payers: PayerAmount[] = [];
  for (const { id, name } of members) {
    const text = amounts[id]?.trim() ?? '';
    if (text === '') continue;
    const amountPence = parseAmountPence(text);
    if (amountPence === null) return { error: `Enter what ${name} paid in pounds and pence, e.g. 12.50.` };
    payers.push({ memberId: id, amountPence });
  }
  return { payers };
}

/** The payers to send, checked by the API's own rule (`payersProblem`), or why they cannot be sent. */
export function checkPaidAmounts(
  amounts: PaidAmounts,
  members: readonly PayerMember[],
  totalPence: number,
): { payers: PayerAmount[] } | { error: string } {
  const read = readPayers(amounts, members);
  if ('error' in read) return read;
  const problem = payersProblem(read.payers, totalPence);
  return problem ? { error: problem } : read;
}

/** The running hint under the amounts: what is left to assign of the total, or how far over it they are. */
export function payersHint(amounts: PaidAmounts, members: readonly PayerMember[], totalPence: number | null) {
  if (totalPence === null) return 'Enter the amount, then what each person paid of it.';
  const read = readPayers(amounts, members);
  if ('error' in read) return read.error;
  const left = totalPence - payersTotal(read.payers);
  if (left > 0) return `Left to assign: ${formatPence(left)}`;
  if (left < 0) return `${formatPence(-left)} more than the amount`;
  return 'Everything is assigned.';
}

/** The amounts an expense's payers paid, as the form shows them. */
export function paidAmountsOf(payers: readonly PayerAmount[]): PaidAmounts {
  return Object.fromEntries(payers.map(({ memberId, amountPence }) => [memberId, penceText(amountPence)]));
}
