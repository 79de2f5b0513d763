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
};

/** 'Split equally: Ann £5.00, Bob £5.00'. */
export function splitSummary(expense: Pick<Expense, 'splitMode' | 'shares'>): string {
  const parts = expense.shares.map(({ name, amountPence }) => `${name} ${formatPence(amountPence)}`);
  return `${MODE_SUMMARY[expense.splitMode]}: ${parts.join(', ')}`;
}
