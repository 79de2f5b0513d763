import {
  type BillInput,
  EXPENSE_CATEGORY_LABELS,
  type ExpenseCategory,
  type ExpenseOriginalInput,
} from '@kitty/contracts';
import { formatPence, fromMinorUnits } from '@kitty/money';

import type { Share } from '../core/split';
import { inExpenseCurrency } from './expense-bill';

/** The parts of an expense an edit can change. */
export interface ExpenseVersion {
  description: string;
  amountPence: number;
  shares: Share[];
  /** Who paid (none when the pot paid). */
  payers: Share[];
  category: ExpenseCategory;
  /** Paid in another currency (null or omitted: in pounds). */
  original?: ExpenseOriginalInput | null;
  /** An itemised expense's bill, in its currency. */
  bill?: BillInput;
  /** The day it was spent (YYYY-MM-DD). */
  spentOn?: string;
  notes?: string | null;
}

/** '3 Mar 2026': how the feed names a day. */
const dayInWords = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** Beyond this many changed shares (or bill lines) the feed says how many, not each one. */
const SHARES_LISTED = 3;

/**
 * What an edit changed, as the activity feed shows it ('£6.00 → £8.00', 'Food and drink → Transport',
 * 'Bob Hart's share £3.00 → £4.00'),
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
  const paidIn = ({ original }: ExpenseVersion) =>
    original
      ? `${inExpenseCurrency(original.amountMinor, original)}` +
        (original.rate === undefined ? " at the bank's rate" : ` at £${original.rate}`)
      : 'in pounds';
  if (paidIn(before) !== paidIn(after)) changes.push(`paid ${paidIn(before)} → ${paidIn(after)}`);
  changes.push(...billChanges(before, after, nameOf));
  if (before.category !== after.category)
    changes.push(`${EXPENSE_CATEGORY_LABELS[before.category]} → ${EXPENSE_CATEGORY_LABELS[after.category]}`);
  const paidBy = ({ payers }: ExpenseVersion) =>
    payers.length === 1
      ? nameOf(payers[0].memberId)
      : payers.map((payer) => `${nameOf(payer.memberId)} ${formatPence(payer.amountPence)}`).join(', ');
  // One payer paying a new amount is the amount's change, already said.
  if (paidBy(before) !== paidBy(after)) changes.push(`paid by ${paidBy(before)} → ${paidBy(after)}`);
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
  if (before.spentOn && after.spentOn && before.spentOn !== after.spentOn)
    changes.push(`date ${dayInWords(before.spentOn)} → ${dayInWords(after.spentOn)}`);
  if ((before.notes ?? null) !== (after.notes ?? null))
    changes.push(after.notes ? (before.notes ? 'notes changed' : 'notes added') : 'notes removed');
  return changes;
}

/**
 * How an itemised bill changed: 'now itemised (3 lines)', 'no longer itemised', or line by line ('"Pizza"
 * €30.00 → €32.00', '"Wine" €18.00 added', '"Salad" shared by Ann Lee, Cat Moss', 'service 12.5% → 10%').
 */
function billChanges(
  before: ExpenseVersion,
  after: ExpenseVersion,
  nameOf: (memberId: string) => string,
): string[] {
  if (!before.bill && !after.bill) return [];
  if (!after.bill) return ['no longer itemised'];
  if (!before.bill) return [`now itemised (${after.bill.lines.length} lines)`];
  const was = (amount: number) => inExpenseCurrency(amount, before.original);
  const now = (amount: number) => inExpenseCurrency(amount, after.original);
  const changes: string[] = [];
  const lineCount = Math.max(before.bill.lines.length, after.bill.lines.length);
  for (let index = 0; index < lineCount; index += 1) {
    const old = before.bill.lines[index];
    const line = after.bill.lines[index];
    if (!line) changes.push(`"${old.description}" removed`);
    else if (!old) changes.push(`"${line.description}" ${now(line.amount)} added`);
    else {
      if (old.description !== line.description)
        changes.push(`"${old.description}" ${was(old.amount)} → "${line.description}" ${now(line.amount)}`);
      else if (was(old.amount) !== now(line.amount))
        changes.push(`"${line.description}" ${was(old.amount)} → ${now(line.amount)}`);
      if (old.memberIds.join() !== line.memberIds.join())
        changes.push(`"${line.description}" shared by ${line.memberIds.map(nameOf).join(', ')}`);
    }
  }
  const extraText = (bill: BillInput, kind: string, inCurrency: (amount: number) => string) => {
    const extra = bill.extras.find((candidate) => candidate.kind === kind);
    if (!extra) return 'none';
    return extra.basisPoints === undefined
      ? inCurrency(extra.amount ?? 0)
      : `${fromMinorUnits(extra.basisPoints, 2)}%`;
  };
  for (const kind of ['tax', 'service']) {
    const old = extraText(before.bill, kind, was);
    const next = extraText(after.bill, kind, now);
    if (old !== next) changes.push(`${kind} ${old} → ${next}`);
  }
  return changes.length > SHARES_LISTED ? [`${changes.length} changes to the bill's lines`] : changes;
}
