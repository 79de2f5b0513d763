import { EmptySplitError, InvalidAmountError, InvalidSplitValueError } from './errors';
import { apportion } from './largest-remainder';
import { uniqueMemberIds } from './members';
import { assertPositivePence, isPositivePence, type Pence } from './pence';
import type { SplitShare } from './split';

/**
 * One line of an itemised bill: its amount (in the bill's minor units: pence, cents, yen) and who shares
 * it, equally among them.
 */
export interface BillLine {
  readonly amount: number;
  readonly memberIds: readonly string[];
}

/** Tax or service on top of the lines: a fixed amount (minor units) or basis points of the lines' sum. */
export type BillExtra = { readonly amount: number } | { readonly basisPoints: number };

export interface BillTotals {
  /** What the lines add up to. */
  readonly subtotal: number;
  /** Each extra in minor units, in the order given (a percentage rounded half up). */
  readonly extras: readonly number[];
  /** Lines plus extras: what the bill comes to. */
  readonly total: number;
}

/**
 * What an itemised bill comes to. A percentage extra is the subtotal × basis points / 10,000 rounded half
 * up to the minor unit (12.5% of €10.04 = €1.255 → €1.26), in BigInt so nothing is lost on the way.
 */
export function billTotals(lines: readonly BillLine[], extras: readonly BillExtra[] = []): BillTotals {
  if (lines.length === 0) throw new EmptySplitError();
  let subtotal = 0n;
  for (const line of lines) {
    if (!isPositivePence(line.amount)) throw new InvalidAmountError(line.amount, 'a line costs more than 0');
    subtotal += BigInt(line.amount);
  }
  const extraAmounts = extras.map((extra) => {
    if ('amount' in extra) {
      if (!Number.isSafeInteger(extra.amount) || extra.amount < 0)
        throw new InvalidAmountError(extra.amount, 'expected 0 or more');
      return BigInt(extra.amount);
    }
    if (!Number.isSafeInteger(extra.basisPoints) || extra.basisPoints < 0)
      throw new InvalidAmountError(extra.basisPoints, 'expected 0 or more basis points');
    return (subtotal * BigInt(extra.basisPoints) * 2n + 10_000n) / 20_000n;
  });
  const total = extraAmounts.reduce((sum, extra) => sum + extra, subtotal);
  if (total > BigInt(Number.MAX_SAFE_INTEGER)) throw new InvalidAmountError(String(total), 'too large');
  return { subtotal: Number(subtotal), extras: extraAmounts.map(Number), total: Number(total) };
}

/**
 * Each member's share of an itemised bill whose total, in pence, is `totalPence`: each line is shared
 * equally by its members, and the total (tax, service, and any currency conversion included) is
 * apportioned in proportion to what each member's lines come to — in one largest-remainder pass over exact
 * integer weights, so the shares add up to `totalPence` exactly and each is within a penny of its exact
 * proportion (a line's pennies are not rounded first, which could put a member pennies out).
 *
 * `memberIds` is who appears in the split, in order: it breaks ties, and a member in no line shares
 * nothing. Every member of a line must be in it.
 */
export function splitItemised(
  totalPence: Pence,
  lines: readonly BillLine[],
  memberIds: Iterable<string>,
): SplitShare[] {
  assertPositivePence(totalPence);
  const ids = uniqueMemberIds(memberIds);
  if (ids.length === 0 || lines.length === 0) throw new EmptySplitError();
  billTotals(lines);
  const index = new Map(ids.map((id, position) => [id, position]));
  // A member's exact part of a line is amount / n; scaled by the lcm of every n, each part is an integer.
  const lineMembers = lines.map((line) => {
    const members = uniqueMemberIds(line.memberIds);
    if (members.length === 0) throw new EmptySplitError();
    for (const memberId of members)
      if (!index.has(memberId))
        throw new InvalidSplitValueError(memberId, line.amount, 'shares a line but is not in the split');
    return members;
  });
  const scale = lineMembers.reduce((multiple, members) => lcm(multiple, BigInt(members.length)), 1n);
  const weights = ids.map(() => 0n);
  lines.forEach((line, lineIndex) => {
    const part = (BigInt(line.amount) * scale) / BigInt(lineMembers[lineIndex].length);
    for (const memberId of lineMembers[lineIndex]) weights[index.get(memberId) ?? 0] += part;
  });
  const amounts = apportion(totalPence, weights);
  return ids.map((memberId, position) => ({ memberId, amountPence: amounts[position] }));
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

const lcm = (a: bigint, b: bigint): bigint => (a / gcd(a, b)) * b;
