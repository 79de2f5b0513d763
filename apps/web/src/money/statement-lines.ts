import type { StatementEntry } from '@kitty/api-client';
import { formatPence } from '@kitty/money';

/** What each kind of ledger movement is, in words (a kind not listed here is spelt out from its code). */
const KIND_WORDS: Record<string, string> = {
  top_up: 'Top-up',
  expense: 'Paid from the pot',
  expense_reversal: 'Payment from the pot undone',
  transfer: 'Payment',
  withdrawal: 'Withdrawal to bank',
  withdrawal_released: 'Withdrawal returned',
  card_hold: 'Card purchase',
  card_capture: 'Card purchase',
  card_release: 'Card hold released',
  adjustment: 'Correction',
  reversal: 'Correction',
};

/** A movement's type as a person reads it: `top_up` → 'Top-up'. */
export function kindWords(kind: string): string {
  const known = KIND_WORDS[kind];
  if (known) return known;
  const spelt = kind.replace(/_/g, ' ');
  return spelt.charAt(0).toUpperCase() + spelt.slice(1);
}

/** A movement's description as a person reads it: a card's names what was bought where. */
export function entryTitle(entry: Pick<StatementEntry, 'kind' | 'description'>): string {
  if (entry.kind === 'card_hold' || entry.kind === 'card_capture')
    return `Card purchase at ${entry.description}`;
  if (entry.kind === 'card_release') return `Card hold released: ${entry.description}`;
  return entry.description;
}

/** One line of a statement: a movement, or a card payment's hold shown with what became of it. */
export interface StatementLine {
  key: string;
  title: string;
  /** What happened to a card payment's hold (held, released), when there was more than the hold. */
  detail: string | null;
  occurredAt: string;
  memberName: string | null;
  /** The line's effect on the account: a card payment's movements summed. */
  amountPence: number;
  feePence: number;
  /** The balance after the line's last movement. */
  balanceAfterPence: number;
}

const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'Europe/London' });

/**
 * The statement's movements as lines: a card payment's hold and the release of that hold are one line,
 * placed at its last movement (the balance beside it is the balance after that); every other movement is
 * its own line. A hold given back whole reads 'not charged', so nobody takes it for spending.
 */
export function statementLines(entries: readonly StatementEntry[]): StatementLine[] {
  const groups = new Map<string, StatementEntry[]>();
  for (const entry of entries)
    if (entry.cardAuthorizationId)
      groups.set(entry.cardAuthorizationId, [...(groups.get(entry.cardAuthorizationId) ?? []), entry]);

  const lines: StatementLine[] = [];
  for (const entry of entries) {
    const group = entry.cardAuthorizationId ? groups.get(entry.cardAuthorizationId) : undefined;
    if (!group || group.length === 1) {
      lines.push(lineOf(entry, [entry]));
      continue;
    }
    if (entry !== group.at(-1)) continue;
    lines.push(lineOf(group.find((movement) => movement.kind === 'card_hold') ?? group[0], group));
  }
  return lines;
}

function lineOf(first: StatementEntry, movements: StatementEntry[]): StatementLine {
  const last = movements.at(-1) as StatementEntry;
  const amountPence = movements.reduce((sum, movement) => sum + movement.amountPence, 0);
  return {
    key: movements.map((movement) => movement.transactionId).join('+'),
    title: movements.length > 1 ? `Card purchase at ${first.description}` : entryTitle(first),
    detail: movements.length > 1 ? holdStory(movements, amountPence) : null,
    occurredAt: first.occurredAt,
    memberName: first.memberName,
    amountPence,
    feePence: movements.reduce((sum, movement) => sum + movement.feePence, 0),
    balanceAfterPence: last.balanceAfterPence,
  };
}

/** e.g. '£8.00 held on 3 Nov, released on 5 Nov: not charged'. */
function holdStory(movements: StatementEntry[], netPence: number): string {
  const parts = movements.map((movement) => {
    const verb = movement.amountPence < 0 ? 'held' : 'released';
    return `${formatPence(Math.abs(movement.amountPence))} ${verb} on ${day.format(new Date(movement.occurredAt))}`;
  });
  return `${parts.join(', ')}${netPence === 0 ? ': not charged' : ''}`;
}
