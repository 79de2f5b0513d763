import { formatPence } from '@kitty/money';

import type { Share } from './split';

/** The parts of an expense an edit can change. */
export interface ExpenseVersion {
  description: string;
  amountPence: number;
  shares: Share[];
}

/** Beyond this many changed shares the feed says how many, not each one. */
const SHARES_LISTED = 3;

/**
 * What an edit changed, as the activity feed shows it ('£6.00 → £8.00', 'Bob Hart's share £3.00 → £4.00'),
 * so that nobody can quietly rewrite what the group agreed. Empty when nothing changed.
 */
export function describeExpenseChanges(
  before: ExpenseVersion,
  after: ExpenseVersion,
  nameOf: (memberId: string) => string,
): string[] {
  const changes: string[] = [];
  if (before.description !== after.description) changes.push(`was "${before.description}"`);
  if (before.amountPence !== after.amountPence)
    changes.push(`${formatPence(before.amountPence)} → ${formatPence(after.amountPence)}`);
  const shareOf = (shares: Share[]) => new Map(shares.map((share) => [share.memberId, share.amountPence]));
  const was = shareOf(before.shares);
  const now = shareOf(after.shares);
  const changedShares = [...new Set([...was.keys(), ...now.keys()])]
    .filter((memberId) => (was.get(memberId) ?? 0) !== (now.get(memberId) ?? 0))
    .map(
      (memberId) =>
        `${nameOf(memberId)}'s share ${formatPence(was.get(memberId) ?? 0)} → ${formatPence(now.get(memberId) ?? 0)}`,
    );
  if (changedShares.length > SHARES_LISTED) changes.push(`${changedShares.length} members' shares changed`);
  else changes.push(...changedShares);
  return changes;
}
