import { InvalidAmountError, UnbalancedPositionsError } from './errors';
import { compareIds, type MemberValue, type MemberValues, memberValues } from './members';
import { isPence, MAX_PENCE, type Pence } from './pence';
import { refitPlan } from './refit-plan';

/** `from` pays `to`. Positions are "positive = is owed", so `from` starts negative and `to` positive. */
export interface Transfer {
  readonly from: string;
  readonly to: string;
  readonly amountPence: Pence;
}

/**
 * Up to this many members with a non-zero position the plan has the fewest transfers possible (an exact
 * search over the 2^n subsets, 4096 at 12); above it, a plan of at most n − 1 transfers.
 */
export const EXACT_SETTLE_UP_MAX_MEMBERS = 12;

export interface SettleUpOptions {
  /**
   * The plan shown before (e.g. stored with the pot). If its pairs can still settle the current positions
   * — typically because one of its transfers was paid, in full or in part — it is kept with updated
   * amounts, as long as it is no longer than a fresh plan. This is what keeps a plan stable when someone
   * repays: without it a repayment can, when several equally short plans exist, pick a different one.
   */
  readonly previous?: readonly Transfer[];
}

/**
 * Transfers that bring every net position to zero, largest first, then by payer and payee id.
 *
 * Up to `EXACT_SETTLE_UP_MAX_MEMBERS` members with a non-zero position the plan has the fewest transfers
 * possible; above that at most n − 1. Members are ordered by id (code units, not locale), so the same
 * positions give the same plan in the browser and on the server.
 *
 * Positions must be safe integers summing to 0, with Σ|position| ≤ 2^53 − 1 so every partial sum is exact.
 */
export function settleUp(positions: MemberValues, { previous }: SettleUpOptions = {}): Transfer[] {
  const all = checkedPositions(positions);
  const members = all.filter(({ value }) => value !== 0).sort((a, b) => compareIds(a.memberId, b.memberId));
  const fresh =
    members.length <= EXACT_SETTLE_UP_MAX_MEMBERS
      ? mostZeroSumGroups(members).flatMap(transfersAlongLine)
      : largestFirst(members);
  const kept = previous && refitPlan(previous, all);
  const plan = kept && kept.length <= fresh.length ? kept : fresh;
  return plan.sort(byAmountThenIds);
}

function checkedPositions(positions: MemberValues): MemberValue[] {
  const entries = memberValues(positions);
  let sum = 0n;
  let magnitude = 0n;
  for (const { value } of entries) {
    if (!isPence(value))
      throw new InvalidAmountError(value, 'a net position must be a whole number of pence');
    sum += BigInt(value);
    magnitude += BigInt(Math.abs(value));
  }
  if (magnitude > BigInt(MAX_PENCE)) {
    throw new InvalidAmountError(Number(magnitude), 'positions are too large to settle exactly');
  }
  if (sum !== 0n) throw new UnbalancedPositionsError(Number(sum));
  return entries;
}

/**
 * The fewest transfers that settle n people is n minus the largest number of disjoint groups whose
 * positions sum to 0 (each group of k needs k − 1 transfers, and no fewer). Dynamic programming over
 * subsets: for each zero-sum subset, the best way to cut off the group holding its first member.
 * Among equally good groups the lexicographically first by member id wins, so the choice is canonical.
 */
function mostZeroSumGroups(members: readonly MemberValue[]): MemberValue[][] {
  const size = 1 << members.length;
  // Exact: every subset sum is bounded by Σ|position| ≤ 2^53 − 1 (checked above).
  const sums = new Float64Array(size);
  for (let mask = 1; mask < size; mask++) {
    const low = mask & -mask;
    sums[mask] = sums[mask ^ low] + members[bitIndex(low)].value;
  }
  const groupCount = new Int8Array(size);
  const firstGroup = new Uint16Array(size);
  for (let mask = 1; mask < size; mask++) {
    if (sums[mask] !== 0) continue;
    const low = mask & -mask;
    const rest = mask ^ low;
    let best = 0;
    let bestGroup = mask;
    // Every group that holds the lowest member; the remainder of a zero-sum group is zero-sum too.
    for (let others = rest; ; others = (others - 1) & rest) {
      const group = others | low;
      if (sums[group] === 0) {
        const count = 1 + groupCount[mask ^ group];
        if (count > best || (count === best && comesFirst(group, bestGroup))) {
          best = count;
          bestGroup = group;
        }
      }
      if (others === 0) break;
    }
    groupCount[mask] = best;
    firstGroup[mask] = bestGroup;
  }

  const groups: MemberValue[][] = [];
  for (let mask = size - 1; mask !== 0; mask ^= firstGroup[mask]) {
    const group = firstGroup[mask];
    groups.push(members.filter((_, index) => (group >> index) & 1));
  }
  return groups;
}

/** Lexicographic order of two different member sets (bit i = i-th member by id). */
function comesFirst(a: number, b: number): boolean {
  const difference = a ^ b;
  return (a & difference & -difference) !== 0;
}

function bitIndex(bit: number): number {
  return 31 - Math.clz32(bit);
}

/**
 * Too many members for the exact search. Exact opposites (−£x and +£x) settle pairwise first — some
 * fewest-transfers plan always does that — then the largest debtor pays the largest creditor until
 * everyone is square. Every transfer clears at least one member, so n members need at most n − 1.
 * Quadratic in the members left after pairing, which is nothing at pot sizes (200 members: see bench).
 */
function largestFirst(members: readonly MemberValue[]): Transfer[] {
  const creditorsByAmount = new Map<number, MemberValue[]>();
  for (const member of members) {
    if (member.value < 0) continue;
    const sameAmount = creditorsByAmount.get(member.value);
    if (sameAmount) sameAmount.push(member);
    else creditorsByAmount.set(member.value, [member]);
  }
  const transfers: Transfer[] = [];
  const paired = new Set<MemberValue>();
  for (const debtor of members) {
    if (debtor.value > 0) continue;
    const creditor = creditorsByAmount.get(-debtor.value)?.shift();
    if (!creditor) continue;
    paired.add(debtor).add(creditor);
    transfers.push({ from: debtor.memberId, to: creditor.memberId, amountPence: creditor.value });
  }

  const open = members
    .filter((member) => !paired.has(member))
    .map(({ memberId, value }) => ({ memberId, left: value }));
  const debtors = open
    .filter(({ left }) => left < 0)
    .map(({ memberId, left }) => ({ memberId, left: -left }));
  const creditors = open.filter(({ left }) => left > 0);
  while (debtors.length > 0 && creditors.length > 0) {
    const d = largest(debtors);
    const c = largest(creditors);
    const debtor = debtors[d];
    const creditor = creditors[c];
    const amountPence = Math.min(debtor.left, creditor.left);
    transfers.push({ from: debtor.memberId, to: creditor.memberId, amountPence });
    debtor.left -= amountPence;
    creditor.left -= amountPence;
    if (debtor.left === 0) debtors.splice(d, 1);
    if (creditor.left === 0) creditors.splice(c, 1);
  }
  return transfers;
}

/** Index of the largest amount left; the lowest id among equals (the list is in id order). */
function largest(open: readonly { left: number }[]): number {
  let best = 0;
  for (let index = 1; index < open.length; index++) if (open[index].left > open[best].left) best = index;
  return best;
}

/**
 * A group that owes itself exactly, settled along one line of pennies: debtors' stretches end to end in
 * id order, creditors' the same, one transfer where a debtor's stretch overlaps a creditor's. That is
 * k − 1 transfers for k members (no part of the group sums to zero, or the search would have split it),
 * and paying one of them in full or in part only shrinks that overlap: the rest of the plan is unchanged.
 */
function transfersAlongLine(group: readonly MemberValue[]): Transfer[] {
  const debtors = group
    .filter(({ value }) => value < 0)
    .map(({ memberId, value }) => ({ memberId, left: -value }));
  const creditors = group
    .filter(({ value }) => value > 0)
    .map(({ memberId, value }) => ({ memberId, left: value }));
  const transfers: Transfer[] = [];
  let d = 0;
  let c = 0;
  while (d < debtors.length && c < creditors.length) {
    const debtor = debtors[d];
    const creditor = creditors[c];
    const amountPence = Math.min(debtor.left, creditor.left);
    transfers.push({ from: debtor.memberId, to: creditor.memberId, amountPence });
    debtor.left -= amountPence;
    creditor.left -= amountPence;
    if (debtor.left === 0) d++;
    if (creditor.left === 0) c++;
  }
  return transfers;
}

function byAmountThenIds(a: Transfer, b: Transfer): number {
  return b.amountPence - a.amountPence || compareIds(a.from, b.from) || compareIds(a.to, b.to);
}
