import type { ConfirmationDecision, RecordStatus } from '@kitty/contracts';
import { ProblemError } from '@kitty/nest-common';

import { everyoneEverIn, ownerIdOf } from './members.repository';
import type { Membership } from './pot-access';
import type { Tx } from './unit-of-work';

/** Where a record stands once made: pending (waiting for `awaitingMemberId`) or in effect at once. */
export interface RecordState {
  status: RecordStatus;
  awaitingMemberId: string | null;
}

export const confirmed: RecordState = { status: 'confirmed', awaitingMemberId: null };

/**
 * A record of someone else's payment moves nobody until that person agrees: it waits for `otherMemberId`
 * unless the caller could confirm it themselves — that person, or the pot's owner.
 */
export function stateFor(membership: Membership, otherMemberId: string | null): RecordState {
  if (!otherMemberId || otherMemberId === membership.memberId || membership.role === 'owner')
    return confirmed;
  return { status: 'pending', awaitingMemberId: otherMemberId };
}

/**
 * Checks that the caller may decide a record: the person it waits for, or the pot's owner. Returns false when
 * the same decision was already made (a repeat is answered like the first), and refuses the opposite one.
 */
export function mayDecide(
  record: { status: string; awaitingMemberId: string | null },
  membership: Membership,
  decision: ConfirmationDecision,
  awaitingName: string,
): boolean {
  const done = decision === 'confirm' ? 'confirmed' : 'declined';
  if (record.status === done) return false;
  if (record.status !== 'pending') {
    throw ProblemError.of(409, 'Already decided', `This was already ${record.status}.`);
  }
  if (record.awaitingMemberId !== membership.memberId && membership.role !== 'owner') {
    throw ProblemError.of(403, 'Not allowed', `Only ${awaitingName} or the pot owner can ${decision} this.`);
  }
  return true;
}

export function decisionData(decision: ConfirmationDecision, userId: string) {
  return {
    status: decision === 'confirm' ? 'confirmed' : 'declined',
    awaitingMemberId: null,
    decidedBy: userId,
    decidedAt: new Date(),
  };
}

/**
 * Who confirms a record waiting for `member`: they do, unless they are a guest (no account to confirm with),
 * when the pot's owner does.
 */
export async function confirmerFor(
  tx: Tx,
  member: { id: string; potId: string; role: string },
): Promise<string> {
  if (member.role !== 'guest') return member.id;
  return ownerIdOf(tx, member.potId);
}

/** Names of everyone who was ever in the pot, by member id and by user id (for "recorded by"). */
export async function peopleOf(tx: Tx, potId: string) {
  const members = await everyoneEverIn(tx, potId);
  return {
    byMemberId: new Map(members.map((member) => [member.id, member.name])),
    byUserId: new Map(members.flatMap((member) => (member.userId ? [[member.userId, member.name]] : []))),
  };
}

export type People = Awaited<ReturnType<typeof peopleOf>>;

export const nameOf = (names: Map<string, string>, id: string | null) =>
  (id && names.get(id)) ?? 'Former member';
