import type { PotMember, PotSummary } from '@kitty/contracts';

import type { Pot, PotMember as PotMemberRow } from '../generated/prisma/client';

export function toMember(row: PotMemberRow): PotMember {
  return {
    id: row.id,
    userId: row.userId,
    name: row.name,
    email: row.email,
    role: row.role === 'owner' || row.role === 'guest' ? row.role : 'member',
    joinedAt: row.joinedAt.toISOString(),
  };
}

/** Owner first (spec: the first member is labelled Owner), then by joining order. */
export function orderMembers(rows: PotMemberRow[]): PotMemberRow[] {
  return [...rows].sort(
    (a, b) =>
      Number(b.role === 'owner') - Number(a.role === 'owner') || a.joinedAt.getTime() - b.joinedAt.getTime(),
  );
}

/** The pot as its member `yourMemberId` sees it in a list. */
export function toSummary(
  pot: Omit<Pot, 'settlePlan'> & { members: PotMemberRow[] },
  yourMemberId: string,
): PotSummary {
  return {
    id: pot.id,
    name: pot.name,
    description: pot.description,
    balancePence: Number(pot.balancePence),
    currency: 'GBP',
    isActive: pot.isActive,
    createdBy: pot.createdBy,
    createdAt: pot.createdAt.toISOString(),
    updatedAt: pot.updatedAt.toISOString(),
    members: orderMembers(pot.members.filter((member) => !member.removedAt)).map(toMember),
    yourNetPence: Number(pot.members.find((member) => member.id === yourMemberId)?.netPence ?? 0),
  };
}
