import { DELETED_USER_NAME, type PotsCaller, type UserDeletedJob } from '@kitty/contracts';
import { Injectable } from '@nestjs/common';

import { endMembership } from '../balances/balances.service';
import { recordActivity } from '../core/activity';
import { announceCardPot } from '../core/card-pot-announcement';
import { announcePotAccess } from '../core/pot-access-announcement';
import { lockPot } from '../core/pot-rows.repository';
import { type Tx, UnitOfWork } from '../core/unit-of-work';
import type { PotMember } from '../generated/prisma/client';
import {
  activityMentioning,
  endActivePot,
  forgetInvitee,
  forgetTransactionName,
  handOver,
  longestStandingMember,
  membershipOf,
  nameFormerMember,
  potIdsOfUser,
  setActivitySummary,
} from './member-erasure.repository';

/**
 * A deleted account leaves every pot (UK GDPR erasure). Its name and address go from everything the other
 * members see: the members list, the history (pot transactions, settlements) and the activity feed, where
 * the person becomes 'a former member'. Deletion required a position of zero everywhere, so the membership
 * ends as if they had left (nobody can pay or remind them); a pot they owned passes to its longest-standing
 * member. Their expenses and settlements stay, so the others' balances and history still add up.
 * Idempotent: a redelivered event finds nothing left to change.
 */
@Injectable()
export class MemberErasure {
  constructor(private readonly work: UnitOfWork) {}

  async erase({ userId }: UserDeletedJob): Promise<void> {
    const memberships = await potIdsOfUser(this.work.alone, userId);
    // One pot at a time, each under its own lock, as every change to a pot's members is made.
    for (const { potId } of memberships) {
      await this.work.transaction((tx) => eraseFromPot(tx, potId, userId));
    }
    await this.work.transaction(async (tx) => {
      await forgetInvitee(tx, userId);
      if (await endActivePot(tx, userId)) await announceCardPot(tx, userId);
    });
  }
}

async function eraseFromPot(tx: Tx, potId: string, userId: string): Promise<void> {
  await lockPot(tx, potId);
  const member = await membershipOf(tx, potId, userId);
  if (member.removedAt === null) {
    if (member.role === 'owner') await passOwnership(tx, member);
    // A position that is not zero can only come from an expense recorded while the deletion was under way:
    // the membership stays, nameless, so that the others' balances still add up and can be settled.
    if (member.netPence === 0n) {
      await endMembership(tx, member);
      await recordActivity(
        tx,
        potId,
        formerMember(userId),
        'member.left',
        `${DELETED_USER_NAME} left the pot`,
      );
    }
  }
  if (member.name !== DELETED_USER_NAME) await forgetName(tx, potId, member.name);
  // No address either: a former member is never e-mailed (a reminder to them is refused).
  await nameFormerMember(tx, member, userId);
  await announcePotAccess(tx, potId);
}

/**
 * The pot passes to the member who has been in it longest (an account holder, not a guest), who can then
 * run it, archive it and withdraw from it. With nobody else in it, nobody is left to see it.
 */
async function passOwnership(tx: Tx, owner: PotMember): Promise<void> {
  const successor = await longestStandingMember(tx, owner);
  if (!successor?.userId) return;
  await handOver(tx, owner, { id: successor.id, userId: successor.userId });
  await recordActivity(
    tx,
    owner.potId,
    { userId: successor.userId, email: successor.email, name: successor.name },
    'pot.owner-changed',
    `${successor.name} now owns the pot`,
  );
}

/**
 * Pot transactions and feed entries carry the name shown at the time, not the user id: the name is replaced
 * wherever it stands as a word of its own ('Dan Dixon paid Cat £20' → 'A former member paid Cat £20').
 */
async function forgetName(tx: Tx, potId: string, name: string): Promise<void> {
  await forgetTransactionName(tx, potId, name);
  const mentions = await activityMentioning(tx, potId, name);
  for (const { id, summary } of mentions) {
    const erased = withoutName(summary, name);
    if (erased !== summary) await setActivitySummary(tx, id, erased);
  }
}

/** `text` with every whole-word `name` replaced by 'a former member' ('A former member' to begin it). */
export function withoutName(text: string, name: string): string {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const lower = DELETED_USER_NAME.charAt(0).toLowerCase() + DELETED_USER_NAME.slice(1);
  return text.replace(
    new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'gu'),
    (_match, offset) => (offset === 0 ? DELETED_USER_NAME : lower),
  );
}

/** Who the feed says left: the former member, named as such. */
const formerMember = (userId: string): PotsCaller => ({ userId, email: '', name: DELETED_USER_NAME });
