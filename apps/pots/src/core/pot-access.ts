import { ProblemError } from '@kitty/nest-common';

import { memberOf } from './members.repository';
import { potIsActive } from './pot-rows.repository';
import type { Tx } from './unit-of-work';

export const potNotFound = () =>
  ProblemError.of(404, 'Pot not found', 'This pot does not exist or you are not a member.');

export interface Membership {
  memberId: string;
  role: 'owner' | 'member';
  name: string;
}

/**
 * The one gate of every pot operation: the caller must be a current member. To anyone else the pot does
 * not exist (404), so ids cannot be probed.
 */
export async function requireMember(tx: Tx, potId: string, userId: string): Promise<Membership> {
  const member = await memberOf(tx, potId, userId);
  if (!member || member.removedAt) throw potNotFound();
  return { memberId: member.id, role: member.role === 'owner' ? 'owner' : 'member', name: member.name };
}

export async function requireOwner(
  tx: Tx,
  potId: string,
  userId: string,
  action: string,
): Promise<Membership> {
  const membership = await requireMember(tx, potId, userId);
  if (membership.role !== 'owner')
    throw ProblemError.of(403, 'Not allowed', `Only the pot owner can ${action}.`);
  return membership;
}

/**
 * An archived pot keeps its record (expenses, settlements, who owes whom) but takes no new ones: a write
 * to it is a 409 naming what cannot be done, so a stale tab or a bookmarked URL cannot reopen its debts.
 */
export async function requireOpenPot(tx: Tx, potId: string, action: string): Promise<void> {
  const pot = await potIsActive(tx, potId);
  if (pot && !pot.isActive)
    throw ProblemError.of(409, 'Pot archived', `This pot is archived, so you can no longer ${action}.`);
}
