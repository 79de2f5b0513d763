import type { StatementEntry } from '@kitty/api-client';

/** What each kind of ledger movement is, in words (a kind not listed here is spelt out from its code). */
const KIND_WORDS: Record<string, string> = {
  top_up: 'Top-up',
  expense: 'Paid from the pot',
  expense_reversal: 'Payment from the pot undone',
  transfer: 'Payment',
  withdrawal: 'Withdrawal to bank',
  withdrawal_released: 'Withdrawal returned',
  card_hold: 'Card hold',
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

const CARD_KINDS = new Set(['card_hold', 'card_capture', 'card_release']);

/** A card movement's step of its purchase, as a person reads it. */
const CARD_STEP: Record<string, string> = {
  card_hold: 'Held',
  card_capture: 'Charged',
  card_release: 'Released',
};

/** A movement's description as a person reads it: every movement of a card payment names the purchase. */
export function entryTitle(entry: Pick<StatementEntry, 'kind' | 'description'>): string {
  return CARD_KINDS.has(entry.kind) ? `Card purchase at ${entry.description}` : entry.description;
}

/** One movement of a card purchase: 'Held on 3 Nov', −£10.00. */
export interface CardStep {
  key: string;
  words: string;
  amountPence: number;
}

/** One line of a statement: a movement, or a card purchase with each of its movements. */
export interface StatementLine {
  key: string;
  title: string;
  /** A card purchase's hold, captures and releases in the order they happened; empty for other movements. */
  steps: CardStep[];
  /** Said of a card purchase whose hold was all given back. */
  detail: string | null;
  occurredAt: string;
  memberName: string | null;
  /** The line's effect on the account: a card purchase's movements summed. */
  amountPence: number;
  feePence: number;
  /** The balance after the line's last movement. */
  balanceAfterPence: number;
}

const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'Europe/London' });

/**
 * The statement's movements as lines: every movement of one card purchase (its authorisation's hold,
 * captures and releases) is one line, placed at its last movement (the balance beside it is the balance
 * after that); every other movement is its own line. A hold given back whole reads 'Not charged', so
 * nobody takes it for spending.
 */
export function statementLines(entries: readonly StatementEntry[]): StatementLine[] {
  const purchases = new Map<string, StatementEntry[]>();
  for (const entry of entries)
    if (entry.cardAuthorizationId)
      purchases.set(entry.cardAuthorizationId, [...(purchases.get(entry.cardAuthorizationId) ?? []), entry]);

  const lines: StatementLine[] = [];
  for (const entry of entries) {
    const purchase = entry.cardAuthorizationId ? purchases.get(entry.cardAuthorizationId) : undefined;
    if (!purchase) lines.push(lineOf(entry, [entry]));
    else if (entry === purchase.at(-1))
      lines.push(lineOf(purchase.find((movement) => movement.kind === 'card_hold') ?? purchase[0], purchase));
  }
  return lines;
}

function lineOf(first: StatementEntry, movements: StatementEntry[]): StatementLine {
  const last = movements.at(-1) as StatementEntry;
  const amountPence = movements.reduce((sum, movement) => sum + movement.amountPence, 0);
  const card = CARD_KINDS.has(first.kind);
  return {
    key: movements.map((movement) => movement.transactionId).join('+'),
    title: entryTitle(first),
    steps: card ? movements.map(stepOf) : [],
    detail: card && amountPence === 0 ? 'Not charged: the hold was given back' : null,
    occurredAt: first.occurredAt,
    memberName: first.memberName,
    amountPence,
    feePence: movements.reduce((sum, movement) => sum + movement.feePence, 0),
    balanceAfterPence: last.balanceAfterPence,
  };
}

function stepOf(movement: StatementEntry): CardStep {
  return {
    key: movement.transactionId,
    words: `${CARD_STEP[movement.kind] ?? kindWords(movement.kind)} on ${day.format(new Date(movement.occurredAt))}`,
    amountPence: movement.amountPence,
  };
}
