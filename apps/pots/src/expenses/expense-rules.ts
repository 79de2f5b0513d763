// What an expense's split and payers must be, and who may take back credit others agreed to.
import { type SplitInput } from '@kitty/contracts';
import { payersProblem } from '@kitty/money';
import { ProblemError } from '@kitty/nest-common';

import { type ExpenseEffect } from '../core/expense-effects';
import { type Membership } from '../core/pot-access';
import { computeShares, type Share } from '../core/split';
import type { PotMember } from '../generated/prisma/client';
import { creditTakenBack } from './expense-consent';
import { namesOf } from './expense-wording';

const invalid = (detail: string) => ProblemError.of(400, 'Invalid request', detail);

export function sharesFor(split: SplitInput, amountPence: number, members: Map<string, PotMember>) {
  const outsider = split.members.find((member) => !members.has(member.memberId));
  if (outsider)
    throw ProblemError.of(400, 'Invalid request', 'Everyone in the split must be a member of this pot.');
  return computeShares(split, amountPence);
}

/** Payers must be current members; what they paid must add up to the expense (`payersProblem`). */
export function checkedPayers(
  payers: Share[],
  amountPence: number,
  members: Map<string, PotMember>,
): Share[] {
  if (payers.some(({ memberId }) => !members.has(memberId)))
    throw invalid('Everyone who paid must be a member of this pot.');
  const problem = payersProblem(payers, amountPence);
  if (problem) throw invalid(problem);
  return payers.map(({ memberId, amountPence: paid }) => ({ memberId, amountPence: paid }));
}

/**
 * Who paid after an edit: the payers given, or those before — one payer alone paid whatever the amount
 * becomes, but several must say again what each paid of a new amount.
 */
export function payersAfterEdit(
  before: ExpenseEffect,
  given: Share[] | undefined,
  amountPence: number,
  members: Map<string, PotMember>,
): Share[] {
  if (before.paidFrom === 'pot') {
    if (given) throw invalid('The pot paid this expense: it has no payers.');
    return [];
  }
  if (!given && before.payers.length > 1 && amountPence !== before.amountPence)
    throw invalid('The amount changed: say how much each person paid of it.');
  const payers =
    given ??
    (before.payers.length === 1 ? [{ memberId: before.payers[0].memberId, amountPence }] : before.payers);
  return checkedPayers(payers, amountPence, members);
}

/**
 * Refuses to take back credit that members other than the caller agreed to (see `creditTakenBack`) unless the
 * caller owns the pot.
 */
export function requireConsentToTakeBack(
  membership: Membership,
  effect: ExpenseEffect,
  members: ReadonlyMap<string, PotMember>,
  action: string,
): void {
  if (membership.role === 'owner') return;
  const credited = creditTakenBack(effect, membership.memberId);
  if (credited.length === 0) return;
  const names = namesOf(credited, (memberId) => members.get(memberId)?.name ?? 'a former member');
  throw ProblemError.of(
    409,
    'Ask the pot owner',
    `This expense is money owed to ${names}, as confirmed. Only the pot's owner can ${action} now.`,
  );
}
