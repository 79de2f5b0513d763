import type { Tx } from '../prisma.service';
import type { Share } from './split';

/** What an expense does to its pot's members: each member's position and spending-share deltas. */
export interface ExpenseEffect {
  paidFrom: 'pot' | 'member';
  payerMemberId: string | null;
  amountPence: number;
  shares: Share[];
}

/**
 * Position deltas (positive = the group owes them more). A member-paid expense credits the payer with the
 * whole amount and debits each sharer their share; a pot-paid expense moves no one's position — the pot's
 * shared money paid — but still counts towards each member's share of the spending.
 */
export function memberDeltas(
  effect: ExpenseEffect,
  sign: 1 | -1,
): Map<string, { net: number; share: number }> {
  const deltas = new Map<string, { net: number; share: number }>();
  const add = (memberId: string, net: number, share: number) => {
    const current = deltas.get(memberId) ?? { net: 0, share: 0 };
    deltas.set(memberId, { net: current.net + sign * net, share: current.share + sign * share });
  };
  for (const share of effect.shares) {
    add(share.memberId, effect.paidFrom === 'member' ? -share.amountPence : 0, share.amountPence);
  }
  if (effect.paidFrom === 'member' && effect.payerMemberId) add(effect.payerMemberId, effect.amountPence, 0);
  return deltas;
}

export function mergeDeltas(...all: Map<string, { net: number; share: number }>[]) {
  const merged = new Map<string, { net: number; share: number }>();
  for (const deltas of all) {
    for (const [memberId, delta] of deltas) {
      const current = merged.get(memberId) ?? { net: 0, share: 0 };
      merged.set(memberId, { net: current.net + delta.net, share: current.share + delta.share });
    }
  }
  return merged;
}

/**
 * Applies all deltas as increments in SQL, never read-then-write. Callers hold the pot lock (lockPot), so
 * writers of one pot never interleave their member updates.
 */
export async function applyMemberDeltas(tx: Tx, deltas: Map<string, { net: number; share: number }>) {
  const rows = [...deltas].filter(([, delta]) => delta.net !== 0 || delta.share !== 0);
  if (rows.length === 0) return;
  await tx.$executeRawUnsafe(
    `UPDATE pot_members AS m
        SET net_pence = m.net_pence + d.net, share_pence = m.share_pence + d.share
       FROM unnest($1::uuid[], $2::bigint[], $3::bigint[]) AS d(id, net, share)
      WHERE m.id = d.id`,
    rows.map(([memberId]) => memberId),
    rows.map(([, delta]) => delta.net),
    rows.map(([, delta]) => delta.share),
  );
}
