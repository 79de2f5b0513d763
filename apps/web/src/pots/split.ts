import type { SplitInput } from '@kitty/api-client';
import {
  formatPence,
  FULL_BASIS_POINTS,
  MoneyError,
  PercentageSumMismatchError,
  percentToBasisPoints,
  poundsToPence,
  splitByExactAmounts,
  splitByPercentages,
  splitByShares,
  splitEqually,
  splitItemised,
  SplitSumMismatchError,
} from '@kitty/money';

import { type BillState, calculateBill, emptyBill } from './bill';
import type { ExpenseCurrency } from './foreign';

export type SplitMode = SplitInput['mode'];

export const SPLIT_MODE_LABELS: Record<SplitMode, string> = {
  equal: 'Equally',
  exact: 'Exact amounts',
  percent: 'Percentages',
  shares: 'Shares',
  itemised: 'Itemised',
};

export interface SplitMember {
  id: string;
  name: string;
}

/** What the person has chosen: the mode, who shares the expense and what they typed per member. */
export interface SplitState {
  mode: SplitMode;
  included: string[];
  /** Per member id: pounds ('12.50') for exact, a percentage ('33.33') for percent, a weight ('2') for shares. */
  values: Record<string, string>;
  /** An itemised split's bill as typed (kept while another mode is tried, so nothing typed is lost). */
  bill?: BillState;
}

export interface PreviewShare {
  memberId: string;
  name: string;
  amountPence: number;
}

export type SplitOutcome =
  | { status: 'ok'; shares: PreviewShare[]; split: SplitInput }
  /** Nothing to show yet (no amount): not an error the person made. */
  | { status: 'incomplete'; message: string }
  | { status: 'error'; message: string };

/** Amount typed in pounds → pence, or null unless it is a plain decimal above £0. */
export function parseAmountPence(text: string | undefined | null): number | null {
  if (text === undefined || text === null || text.trim() === '') return null;
  try {
    const pence = poundsToPence(text.trim());
    return pence > 0 ? pence : null;
  } catch {
    return null;
  }
}

/** 3333 → '33.33', 5000 → '50', 1250 → '12.5': basis points as percentage text, without floats. */
export function formatBasisPoints(basisPoints: number): string {
  const sign = basisPoints < 0 ? '-' : '';
  const magnitude = Math.abs(basisPoints);
  const whole = Math.trunc(magnitude / 100);
  const fraction = String(magnitude % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** The values a mode starts with: an even split of the amount or of 100%, or one share each. */
export function defaultValues(mode: SplitMode, memberIds: string[], amountPence: number | null) {
  const values: Record<string, string> = {};
  if (memberIds.length === 0) return values;
  if (mode === 'exact' && amountPence) {
    for (const { memberId, amountPence: share } of splitEqually(amountPence, memberIds)) {
      values[memberId] = penceText(share);
    }
  } else if (mode === 'percent') {
    for (const { memberId, amountPence: basisPoints } of splitEqually(FULL_BASIS_POINTS, memberIds)) {
      values[memberId] = formatBasisPoints(basisPoints);
    }
  } else if (mode === 'shares') {
    for (const memberId of memberIds) values[memberId] = '1';
  }
  return values;
}

/** 1250 → '12.50' (for prefilling an amount field). */
export function penceText(pence: number): string {
  const whole = Math.trunc(pence / 100);
  return `${whole}.${String(pence % 100).padStart(2, '0')}`;
}

/**
 * The per-person split the server will store, computed with the same library and rules (@kitty/money),
 * or why it cannot be computed, in words for the person typing.
 */
export function calculateSplit(
  amountPence: number | null,
  state: SplitState,
  members: readonly SplitMember[],
  currency: ExpenseCurrency = 'GBP',
): SplitOutcome {
  if (state.mode === 'itemised') return calculateItemised(amountPence, state, members, currency);
  // Members keep the pot's order: it decides who gets a spare penny, as on the server.
  const chosen = members.filter((member) => state.included.includes(member.id));
  if (chosen.length === 0) return { status: 'error', message: 'Choose at least one member to split with.' };
  if (amountPence === null) return { status: 'incomplete', message: 'Enter the amount to see each share.' };

  const named = (shares: { memberId: string; amountPence: number }[]): PreviewShare[] =>
    shares.map((share, index) => ({ ...share, name: chosen[index].name }));

  try {
    switch (state.mode) {
      case 'equal': {
        const shares = splitEqually(
          amountPence,
          chosen.map(({ id }) => id),
        );
        return ok(
          named(shares),
          'equal',
          chosen.map(({ id }) => ({ memberId: id })),
        );
      }
      case 'exact': {
        const values = parseEach(
          chosen,
          state.values,
          (text) => (text === '' ? 0 : poundsToPence(text)),
          (name) => `Enter a valid amount for ${name}.`,
        );
        if (!Array.isArray(values)) return values;
        const negative = values.find(({ value }) => value < 0);
        if (negative) return { status: 'error', message: `Enter a valid amount for ${negative.name}.` };
        const shares = splitByExactAmounts(amountPence, pairs(values));
        return ok(named(shares), 'exact', values.map(asSplitMember));
      }
      case 'percent': {
        const values = parseEach(
          chosen,
          state.values,
          (text) => (text === '' ? 0 : percentToBasisPoints(text)),
          (name) => `Enter a percentage from 0 to 100 (at most 2 decimals) for ${name}.`,
        );
        if (!Array.isArray(values)) return values;
        const shares = splitByPercentages(amountPence, pairs(values));
        return ok(named(shares), 'percent', values.map(asSplitMember));
      }
      case 'shares': {
        const values = parseEach(
          chosen,
          state.values,
          (text) => {
            if (!/^\d+$/.test(text) || Number(text) <= 0 || !Number.isSafeInteger(Number(text))) {
              throw new RangeError('not a positive whole number');
            }
            return Number(text);
          },
          (name, text) =>
            text === ''
              ? `Enter the number of shares for ${name}.`
              : `Shares must be whole numbers above 0 (${name}).`,
        );
        if (!Array.isArray(values)) return values;
        const shares = splitByShares(amountPence, pairs(values));
        return ok(named(shares), 'shares', values.map(asSplitMember));
      }
    }
  } catch (error) {
    return { status: 'error', message: explain(error, amountPence) };
  }
}

/**
 * Each line shared by its people, tax and service in proportion, and the total in pounds apportioned by
 * the lines (the bill may be in another currency): the server's rule, from the same library.
 */
function calculateItemised(
  amountPence: number | null,
  state: SplitState,
  members: readonly SplitMember[],
  currency: ExpenseCurrency,
): SplitOutcome {
  const bill = calculateBill(state.bill ?? emptyBill(state.included), currency, members);
  if (bill.status !== 'ok') return bill;
  const sharing = members.filter(({ id }) => bill.items.lines.some((line) => line.memberIds.includes(id)));
  if (amountPence === null)
    return { status: 'incomplete', message: 'Enter the amount in pounds to see each share.' };
  const shares = splitItemised(
    amountPence,
    bill.items.lines,
    sharing.map(({ id }) => id),
  ).map((share, index) => ({ ...share, name: sharing[index].name }));
  return {
    status: 'ok',
    shares,
    split: { mode: 'itemised', members: sharing.map(({ id }) => ({ memberId: id })), items: bill.items },
  };
}

interface ParsedValue {
  memberId: string;
  name: string;
  value: number;
}

function parseEach(
  chosen: readonly SplitMember[],
  texts: Record<string, string>,
  parse: (text: string) => number,
  invalid: (name: string, text: string) => string,
): ParsedValue[] | SplitOutcome {
  const parsed: ParsedValue[] = [];
  for (const member of chosen) {
    const text = (texts[member.id] ?? '').trim();
    try {
      parsed.push({ memberId: member.id, name: member.name, value: parse(text) });
    } catch {
      return { status: 'error', message: invalid(member.name, text) };
    }
  }
  return parsed;
}

const pairs = (values: ParsedValue[]) => values.map(({ memberId, value }) => [memberId, value] as const);
const asSplitMember = ({ memberId, value }: ParsedValue) => ({ memberId, value });

function ok(shares: PreviewShare[], mode: SplitMode, splitMembers: SplitInput['members']): SplitOutcome {
  return { status: 'ok', shares, split: { mode, members: splitMembers } };
}

function explain(error: unknown, amountPence: number): string {
  if (error instanceof SplitSumMismatchError) {
    const difference = formatPence(Math.abs(error.differencePence));
    const allocated = formatPence(error.allocatedPence);
    return error.differencePence < 0
      ? `The amounts add up to ${allocated}: ${difference} short of ${formatPence(amountPence)}.`
      : `The amounts add up to ${allocated}: ${difference} more than ${formatPence(amountPence)}.`;
  }
  if (error instanceof PercentageSumMismatchError) {
    const difference = `${formatBasisPoints(Math.abs(error.differenceBasisPoints))}%`;
    const total = `${formatBasisPoints(error.totalBasisPoints)}%`;
    return error.differenceBasisPoints < 0
      ? `The percentages add up to ${total}: ${difference} short of 100%.`
      : `The percentages add up to ${total}: ${difference} over 100%.`;
  }
  if (error instanceof MoneyError) return 'This split does not work out. Check the values.';
  throw error;
}
