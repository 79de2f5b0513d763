import type { Expense } from '@kitty/api-client';
import { formatPence } from '@kitty/money';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

/** '2026-03-02T10:00:05Z' → '2 Mar 2026'. */
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));

const calendarDayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A calendar day, '2026-03-02' → '2 Mar 2026', whatever the browser's time zone. */
export const formatCalendarDay = (day: string) => calendarDayFormat.format(new Date(`${day}T00:00:00Z`));

/** '2026-03-02T10:00:05Z' → '2 Mar, 10:00' (local time). */
export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));

/** 'Ann Lee' → 'AL', 'cher' → 'C'. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((word) => Array.from(word)[0]?.toUpperCase() ?? '').join('') || '?';
}

const MODE_SUMMARY: Record<Expense['splitMode'], string> = {
  equal: 'Split equally',
  exact: 'Split by exact amounts',
  percent: 'Split by percentages',
  shares: 'Split by shares',
  itemised: 'Itemised',
};

/** 'Split equally: Ann £5.00, Bob £5.00'. */
export function splitSummary(expense: Pick<Expense, 'splitMode' | 'shares'>): string {
  const parts = expense.shares.map(({ name, amountPence }) => `${name} ${formatPence(amountPence)}`);
  return `${MODE_SUMMARY[expense.splitMode]}: ${parts.join(', ')}`;
}

/**
 * Who paid, as the expense list says it: 'Paid from pot', 'Paid by Ann' (one payer, named as the pot's
 * members are) or 'Paid by Ann £60.00, Ben £40.00'.
 */
export function paidBySummary(
  expense: Pick<Expense, 'paidFrom' | 'payerMemberId' | 'payers'>,
  nameOf: (memberId: string | null) => string,
): string {
  if (expense.paidFrom === 'pot') return 'Paid from pot';
  if (expense.payers.length <= 1) return `Paid by ${nameOf(expense.payerMemberId)}`;
  return `Paid by ${expense.payers.map(({ name, amountPence }) => `${name} ${formatPence(amountPence)}`).join(', ')}`;
}
