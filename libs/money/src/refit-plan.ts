import type { MemberValue } from './members';
import type { Transfer } from './settle-up';

/**
 * The previous plan's pairs (who pays whom) with amounts recomputed for the current positions, or
 * undefined when they no longer fit. A plan is a forest (a group of k members is joined by k − 1
 * transfers), and on a forest the amounts are forced: a member with a single transfer left must be
 * settled by it. Peeling such members off one by one either settles everyone, each debtor only paying and
 * each creditor only receiving, or shows that the old pairs cannot (a new debtor, a reversed debt, a
 * cycle or a stranger in what the caller passed).
 */
export function refitPlan(
  previous: readonly Transfer[],
  members: readonly MemberValue[],
): Transfer[] | undefined {
  const initial = new Map(members.map(({ memberId, value }) => [memberId, value]));
  const left = new Map(initial);
  const transfersOf = new Map<string, Set<number>>();
  for (const [index, { from, to }] of previous.entries()) {
    if (from === to || !initial.has(from) || !initial.has(to)) return undefined;
    for (const memberId of [from, to]) {
      const own = transfersOf.get(memberId);
      if (own) own.add(index);
      else transfersOf.set(memberId, new Set([index]));
    }
  }
  for (const { memberId, value } of members) if (value !== 0 && !transfersOf.has(memberId)) return undefined;

  const amounts = new Array<number>(previous.length).fill(-1);
  let solved = 0;
  const leaves = [...transfersOf].filter(([, own]) => own.size === 1).map(([memberId]) => memberId);
  for (let memberId = leaves.pop(); memberId !== undefined; memberId = leaves.pop()) {
    const own = transfersOf.get(memberId);
    if (own?.size !== 1) continue;
    const [index] = own;
    const { from, to } = previous[index];
    const amount = memberId === to ? (left.get(to) ?? 0) : -(left.get(from) ?? 0);
    if (amount < 0) return undefined;
    amounts[index] = amount;
    solved++;
    left.set(from, (left.get(from) ?? 0) + amount);
    left.set(to, (left.get(to) ?? 0) - amount);
    for (const end of [from, to]) {
      const remaining = transfersOf.get(end);
      remaining?.delete(index);
      if (remaining?.size === 1) leaves.push(end);
    }
  }
  if (solved !== previous.length || [...left.values()].some((value) => value !== 0)) return undefined;

  const plan = previous
    .map(({ from, to }, index) => ({ from, to, amountPence: amounts[index] }))
    .filter(({ amountPence }) => amountPence > 0);
  // Nobody passes money on: a debtor only pays, a creditor only receives, as in a fresh plan.
  const direct = plan.every(({ from, to }) => (initial.get(from) ?? 0) < 0 && (initial.get(to) ?? 0) > 0);
  return direct ? plan : undefined;
}
