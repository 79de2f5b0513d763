import type { SpendApprovalUseChanged } from '@kitty/contracts';

import type { SpendApproval } from '../generated/prisma/client';
import type { Tx } from '../prisma.service';

/** The pot's spending rule and approval amount. */
export const spendRulesOf = (tx: Tx, potId: string) =>
  tx.pot.findUniqueOrThrow({ where: { id: potId }, select: { spendRule: true, approvalAbovePence: true } });

/** Serialises the member's requests: their member row is locked until the caller's transaction ends. */
export async function lockMember(tx: Tx, memberId: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM pot_members WHERE id = ${memberId}::uuid FOR UPDATE`;
}

/** How many of the member's requests wait or are approved and unexpired. */
export const openRequestsOf = (tx: Tx, potId: string, memberId: string) =>
  tx.spendApproval.count({
    where: { potId, memberId, status: { in: ['pending', 'approved'] }, expiresAt: { gt: new Date() } },
  });

export const createRequest = (
  tx: Tx,
  request: Pick<SpendApproval, 'potId' | 'memberId' | 'userId' | 'note' | 'expiresAt'> & { amountPence: number },
) => tx.spendApproval.create({ data: request });

export const requestIn = (tx: Tx, potId: string, approvalId: string) =>
  tx.spendApproval.findFirst({ where: { id: approvalId, potId } });

export const requestById = (tx: Tx, approvalId: string) =>
  tx.spendApproval.findUniqueOrThrow({ where: { id: approvalId } });

/** Changes the request only while it is in one of `from` and unexpired; whether it did. */
export async function changeRequestIf(
  tx: Tx,
  approvalId: string,
  from: string[],
  data: Partial<Pick<SpendApproval, 'status' | 'decidedByMemberId' | 'decidedAt' | 'expiresAt'>>,
): Promise<boolean> {
  const { count } = await tx.spendApproval.updateMany({
    where: { id: approvalId, status: { in: from }, expiresAt: { gt: new Date() } },
    data,
  });
  return count > 0;
}

export async function memberName(tx: Tx, memberId: string): Promise<string> {
  const member = await tx.potMember.findUniqueOrThrow({ where: { id: memberId }, select: { name: true } });
  return member.name;
}

/** The pot's latest requests, newest first. */
export const latestRequests = (db: Tx, potId: string, take: number) =>
  db.spendApproval.findMany({ where: { potId }, orderBy: { createdAt: 'desc' }, take });

export const memberNames = (db: Tx, memberIds: string[]) =>
  db.potMember.findMany({ where: { id: { in: memberIds } }, select: { id: true, name: true } });

/**
 * Payments used the approval for a card payment, or freed it again: shown as used, or as it was before
 * (approved, or cancelled when its requester cancelled it meanwhile — the requester only ever answers
 * their own request by cancelling it). Older news than what was applied changes nothing.
 */
export async function applyApprovalUse(
  db: Tx,
  { approvalId, usedBy, usedAt, version }: SpendApprovalUseChanged,
): Promise<void> {
  await db.$executeRaw`
    UPDATE spend_approvals
       SET status = CASE
             WHEN ${usedBy}::text IS NOT NULL THEN 'used'
             WHEN status <> 'used' THEN status
             WHEN decided_by_member_id = member_id THEN 'cancelled'
             ELSE 'approved' END,
           used_by = ${usedBy}, used_at = ${usedAt ? new Date(usedAt) : null}, use_version = ${version}
     WHERE id = ${approvalId}::uuid AND use_version < ${version}`;
}
