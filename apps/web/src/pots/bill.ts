import type { Bill, BillInput } from '@kitty/api-client';
import { MAX_BILL_LINES } from '@kitty/contracts';
import { billTotals, MoneyError, percentToBasisPoints } from '@kitty/money';

import { type ExpenseCurrency, formatIn, minorText, parseMinor } from './foreign';
import { formatBasisPoints } from './split';

export { MAX_BILL_LINES };

export interface BillLineState {
  /** Keeps React's rows stable while lines are added and removed. */
  key: string;
  description: string;
  /** In the expense's currency, as typed ('30.00'). */
  amountText: string;
  memberIds: string[];
}

/** Tax or service as typed: an amount in the expense's currency, or a percentage of the lines. */
export interface BillExtraState {
  text: string;
  unit: 'amount' | 'percent';
}

export interface BillState {
  lines: BillLineState[];
  tax: BillExtraState;
  service: BillExtraState;
}

export type BillOutcome =
  | {
      status: 'ok';
      items: BillInput;
      subtotal: number;
      extras: { tax: number; service: number };
      total: number;
    }
  | { status: 'incomplete'; message: string }
  | { status: 'error'; message: string };

let nextKey = 0;
export const newLineKey = () => `line-${(nextKey += 1)}`;

/** A new bill: one empty line shared by everyone in the split so far. */
export function emptyBill(memberIds: string[]): BillState {
  return {
    lines: [{ key: newLineKey(), description: '', amountText: '', memberIds }],
    tax: { text: '', unit: 'amount' },
    service: { text: '', unit: 'percent' },
  };
}

/** The bill of an expense being edited, as the form shows it. */
export function billStateOf(bill: Bill, currency: ExpenseCurrency): BillState {
  const extra = (kind: 'tax' | 'service'): BillExtraState => {
    const found = bill.extras.find((candidate) => candidate.kind === kind);
    if (!found) return { text: '', unit: kind === 'tax' ? 'amount' : 'percent' };
    return found.basisPoints === null
      ? { text: minorText(found.amount, currency), unit: 'amount' }
      : { text: formatBasisPoints(found.basisPoints), unit: 'percent' };
  };
  return {
    lines: bill.lines.map((line) => ({
      key: newLineKey(),
      description: line.description,
      amountText: minorText(line.amount, currency),
      memberIds: [...line.memberIds],
    })),
    tax: extra('tax'),
    service: extra('service'),
  };
}

/**
 * The bill the server will be sent, and what it comes to in its currency (lines, then tax and service
 * worked out by the same rule as the server's), or why it cannot be sent yet, in words for the person
 * typing. Lines keep the pot's member order.
 */
export function calculateBill(
  state: BillState,
  currency: ExpenseCurrency,
  memberOrder: readonly { id: string; name: string }[],
): BillOutcome {
  if (state.lines.length === 0) return { status: 'error', message: 'Add at least one line.' };
  if (state.lines.length > MAX_BILL_LINES)
    return { status: 'error', message: `A bill has at most ${MAX_BILL_LINES} lines.` };
  const lines: BillInput['lines'] = [];
  for (const [index, line] of state.lines.entries()) {
    const label = line.description.trim() || `line ${index + 1}`;
    const amount = parseMinor(line.amountText, currency);
    if (line.amountText.trim() === '') return { status: 'incomplete', message: `Enter what ${label} cost.` };
    if (amount === null) return { status: 'error', message: `Enter a valid amount for ${label}.` };
    if (line.description.trim() === '') return { status: 'error', message: `Describe line ${index + 1}.` };
    if (line.memberIds.length === 0) return { status: 'error', message: `Choose who shares ${label}.` };
    const memberIds = memberOrder.filter(({ id }) => line.memberIds.includes(id)).map(({ id }) => id);
    lines.push({ description: line.description.trim(), amount, memberIds });
  }
  const extras: BillInput['extras'] = [];
  for (const kind of ['tax', 'service'] as const) {
    const { text, unit } = state[kind];
    if (text.trim() === '') continue;
    try {
      if (unit === 'percent') extras.push({ kind, basisPoints: percentToBasisPoints(text.trim()) });
      else {
        const amount = text.trim() === '0' ? 0 : parseMinor(text, currency);
        if (amount === null) throw new RangeError('not an amount');
        extras.push({ kind, amount });
      }
    } catch (error) {
      if (!(error instanceof MoneyError || error instanceof RangeError)) throw error;
      return {
        status: 'error',
        message:
          unit === 'percent'
            ? `Enter the ${kind} as a percentage from 0 to 100 (at most 2 decimals).`
            : `Enter a valid ${kind} amount.`,
      };
    }
  }
  const totals = billTotals(
    lines,
    extras.map((extra) =>
      extra.basisPoints === undefined ? { amount: extra.amount ?? 0 } : { basisPoints: extra.basisPoints },
    ),
  );
  const extraOf = (kind: 'tax' | 'service') => {
    const index = extras.findIndex((extra) => extra.kind === kind);
    return index < 0 ? 0 : totals.extras[index];
  };
  return {
    status: 'ok',
    items: { lines, extras },
    subtotal: totals.subtotal,
    extras: { tax: extraOf('tax'), service: extraOf('service') },
    total: totals.total,
  };
}

/** 'Lines £42.00 + service £5.25 = £47.25'. */
export function billSummary(
  outcome: Extract<BillOutcome, { status: 'ok' }>,
  currency: ExpenseCurrency,
): string {
  const parts = [`Lines ${formatIn(outcome.subtotal, currency)}`];
  const extras = outcome.items.extras ?? [];
  if (extras.some((extra) => extra.kind === 'tax'))
    parts.push(`tax ${formatIn(outcome.extras.tax, currency)}`);
  if (extras.some((extra) => extra.kind === 'service'))
    parts.push(`service ${formatIn(outcome.extras.service, currency)}`);
  return `${parts.join(' + ')} = ${formatIn(outcome.total, currency)}`;
}
