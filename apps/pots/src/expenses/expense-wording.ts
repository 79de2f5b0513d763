// How the feed words an expense.
import { formatPence } from '@kitty/money';

import { type Share } from '../core/split';

/** 'Ann', 'Ann and Ben', 'Ann, Ben and Cat' (for the feed). */
export function namesOf(memberIds: string[], nameOf: (memberId: string) => string): string {
  const names = memberIds.map(nameOf);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names.join('');
}

/** 'Ann Lee paid £100.00', or 'Ann Lee paid £60.00, Ben Hart £30.00 and Cat Moss £10.00' (for the feed). */
export function whoPaid(payers: Share[], nameOf: (memberId: string) => string): string {
  const each = payers.map(
    ({ memberId, amountPence }, index) =>
      `${nameOf(memberId)}${index === 0 ? ' paid' : ''} ${formatPence(amountPence)}`,
  );
  return each.length > 1 ? `${each.slice(0, -1).join(', ')} and ${each.at(-1)}` : each.join('');
}

export const SETTLED_SINCE = ' — after a payment was recorded, so who owes whom changed';
