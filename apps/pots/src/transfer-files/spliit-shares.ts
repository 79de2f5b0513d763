/**
 * Spliit's own apportionment (src/lib/shares.ts, getExpenseShares), so that an imported expense charges each
 * person the very penny Spliit's balances did: participants sorted by id; EVENLY weighs them equally, the
 * other modes by their stored shares (percent × 100, minor units or weights) as a ratio; floors first, the
 * units left over by largest remainder, ties rotated by an FNV-1a hash of the expense id.
 */
export interface SpliitShareInput {
  id: string;
  amount: number;
  splitMode: string;
  paidFor: { participantId: string; shares: number }[];
}

function fnv1a(value: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < value.length; index++) {
    hash ^= value.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function spliitShares(expense: SpliitShareInput): Map<string, number> {
  const paidFors = [...expense.paidFor].sort((a, b) => (a.participantId < b.participantId ? -1 : 1));
  const weights = paidFors.map(({ shares }) => (expense.splitMode === 'EVENLY' ? 1 : shares));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const count = weights.length;
  if (count === 0 || total === 0) return new Map(paidFors.map(({ participantId }) => [participantId, 0]));
  const offset = fnv1a(expense.id) % count;
  const amounts: number[] = [];
  const remainders: { index: number; remainder: number }[] = [];
  weights.forEach((weight, index) => {
    const exact = expense.amount * weight;
    const base = Math.floor(exact / total);
    amounts.push(base);
    remainders.push({ index, remainder: exact - base * total });
  });
  const left = expense.amount - amounts.reduce((sum, amount) => sum + amount, 0);
  const rotate = (index: number) => (index - offset + count) % count;
  remainders.sort((a, b) => b.remainder - a.remainder || rotate(a.index) - rotate(b.index));
  for (let index = 0; index < left; index++) amounts[remainders[index].index] += 1;
  return new Map(paidFors.map(({ participantId }, index) => [participantId, amounts[index]]));
}
