import { confirmed, type RecordState } from '../core/confirmation';
import { type ExpenseEffect, memberDeltas } from '../core/expense-effects';
import type { Membership } from '../core/pot-access';

/** What consent needs to know of a pot's members: who they are and whether they can confirm (a guest cannot). */
export type ConsentMembers = ReadonlyMap<string, { id: string; role: string }>;

/**
 * Who must confirm an expense before it moves anyone, in the order they are asked: every member other than
 * its recorder whom it credits (what they paid exceeds their share). Whatever the payload's shape — one
 * payer or several, items, currencies, an import, a recurring template, an edit — it is judged by this
 * effect on positions. A share charged to someone is a claim of whoever paid: it stands once each person
 * it is owed to stands behind the record, the recorder by recording it, everyone else by confirming. A
 * guest has no account to confirm with, so the pot's owner confirms for them.
 */
export function confirmersOf(
  effect: ExpenseEffect,
  recorderMemberId: string | null,
  members: ConsentMembers,
): string[] {
  const deltas = memberDeltas(effect, 1);
  const owner = [...members.values()].find(({ role }) => role === 'owner')?.id;
  const confirmers: string[] = [];
  // Only a payer can be credited: asked in the order they were given.
  for (const { memberId } of effect.payers) {
    if (memberId === recorderMemberId || (deltas.get(memberId)?.net ?? 0) <= 0) continue;
    const confirmer = members.get(memberId)?.role === 'guest' && owner ? owner : memberId;
    if (confirmer !== recorderMemberId && !confirmers.includes(confirmer)) confirmers.push(confirmer);
  }
  return confirmers;
}

/**
 * Where an expense stands once recorded (or edited) by `membership`: in effect at once when it credits
 * nobody but them, or when they are the pot's owner (who may confirm any record); else waiting for the
 * first of its confirmers.
 */
export function expenseState(
  membership: Membership,
  effect: ExpenseEffect,
  members: ConsentMembers,
): RecordState {
  if (membership.role === 'owner') return confirmed;
  const [first] = confirmersOf(effect, membership.memberId, members);
  return first ? { status: 'pending', awaitingMemberId: first } : confirmed;
}

/**
 * Whom a pending expense waits for once `confirmerId` confirmed it: the next of its confirmers, or null when
 * everyone it credits has agreed. A confirmer no longer among them (the pot changed since) is followed by
 * every other one, so nobody's agreement is assumed.
 */
export function nextConfirmer(
  effect: ExpenseEffect,
  recorderMemberId: string | null,
  members: ConsentMembers,
  confirmerId: string,
): string | null {
  const confirmers = confirmersOf(effect, recorderMemberId, members);
  const index = confirmers.indexOf(confirmerId);
  const remaining =
    index === -1 ? confirmers.filter((id) => id !== confirmerId) : confirmers.slice(index + 1);
  return remaining[0] ?? null;
}

/**
 * Whose agreed credit `actorMemberId` would take back by deleting a confirmed expense or changing what it
 * moves: every member it credits other than the actor, in payer order. Their agreement cannot be presumed,
 * and a re-confirmation would not protect them (while it waits the old record moves nobody, and declining it
 * loses the credit too), so only the pot's owner, who may confirm any record, may take such credit back.
 */
export function creditTakenBack(effect: ExpenseEffect, actorMemberId: string | null): string[] {
  const deltas = memberDeltas(effect, 1);
  return effect.payers.flatMap(({ memberId }) =>
    memberId !== actorMemberId && (deltas.get(memberId)?.net ?? 0) > 0 ? [memberId] : [],
  );
}
