import type {
  AccountDeletionBlockers,
  ActivePot,
  ActivePotQuery,
  CreatePotCommand,
  ExpenseCategory,
  ListPotsQuery,
  Membership,
  MembershipQuery,
  PotDetail,
  PotQuery,
  PotSummary,
  SetActivePotCommand,
  UpdatePotCommand,
} from '@kitty/contracts';
import { formatPence } from '@kitty/money';
import { EmailQuota, OutboxRelay, ProblemError } from '@kitty/nest-common';
import { Injectable } from '@nestjs/common';

import { recordActivity } from '../core/activity';
import { announceCardPot } from '../core/card-pot-announcement';
import { describePot } from '../core/describe-pot';
import { requireMember, requireOwner } from '../core/pot-access';
import { announcePotAccess } from '../core/pot-access-announcement';
import { orderMembers, toSummary } from '../core/pot-mapper';
import { rulesOf } from '../core/rules-of';
import { lockPot } from '../core/settle-plan';
import { InvitationService } from '../invitations/invitation.service';
import { PrismaService, type Tx } from '../prisma.service';

const RECENT_TRANSACTIONS = 50;
const activeMembers = { where: { removedAt: null } } as const;

/** A timestamptz(3) column as JavaScript's toISOString() writes it. */
const isoTime = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

interface PotSummaryRow {
  id: string;
  name: string;
  description: string | null;
  balance_pence: bigint;
  is_active: boolean;
  created_by: string;
  created_at: string;
  updated_at: string;
  members: PotSummary['members'] | null;
  your_net_pence: bigint;
}

@Injectable()
export class PotService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly invitations: InvitationService,
    private readonly outbox: OutboxRelay,
    private readonly quota: EmailQuota,
  ) {}

  async create({ caller, body }: CreatePotCommand): Promise<PotDetail> {
    const invitees = body.members.filter((member) => member.email !== caller.email);
    await this.quota.reserve(
      caller,
      invitees.map((invitee) => invitee.email),
    );
    const potId = await this.prisma.$transaction(async (tx) => {
      const pot = await tx.pot.create({
        data: {
          name: body.name,
          description: describePot(body),
          createdBy: caller.userId,
          members: {
            create: { userId: caller.userId, name: caller.name, email: caller.email, role: 'owner' },
          },
        },
      });
      await recordActivity(tx, pot.id, caller, 'pot.created', `${caller.name} created the pot`);
      await announcePotAccess(tx, pot.id);
      for (const invitee of invitees) await this.invitations.issue(tx, pot, caller, invitee);
      // A new pot is empty: the card keeps spending from the active pot until its owner changes it. Only a
      // user with no active pot (their first pot) gets this one.
      const madeActive = await tx.activePot.createMany({
        data: [{ userId: caller.userId, potId: pot.id }],
        skipDuplicates: true,
      });
      if (madeActive.count > 0) await announceCardPot(tx, caller.userId);
      return pot.id;
    });
    this.outbox.kick();
    return this.get({ caller, potId });
  }

  async list({ caller }: ListPotsQuery): Promise<PotSummary[]> {
    return this.listWhere(caller.userId, true);
  }

  /** Archived pots stay readable by their members (and restorable by their owner) from this list. */
  async listArchived({ caller }: ListPotsQuery): Promise<PotSummary[]> {
    return this.listWhere(caller.userId, false);
  }

  /**
   * One statement: the caller's pots with their members as JSON, built and ordered by Postgres. Prisma's
   * include took a second round trip and mapped every member row, half of pots' CPU on this read. Past
   * Prisma's query path.
   */
  private async listWhere(userId: string, isActive: boolean): Promise<PotSummary[]> {
    const rows = await this.prisma.directRows<PotSummaryRow>(
      `SELECT p.id, p.name, p.description, p.balance_pence, p.is_active, p.created_by,
              ${isoTime('p.created_at')} AS created_at, ${isoTime('p.updated_at')} AS updated_at,
              (SELECT json_agg(json_build_object(
                        'id', m.id, 'userId', m.user_id, 'name', m.name, 'email', m.email,
                        'role', CASE WHEN m.role IN ('owner', 'guest') THEN m.role ELSE 'member' END,
                        'joinedAt', ${isoTime('m.joined_at')})
                        ORDER BY (m.role = 'owner') DESC, m.joined_at)
                 FROM pot_members m
                WHERE m.pot_id = p.id AND m.removed_at IS NULL) AS members,
              (SELECT me.net_pence FROM pot_members me
                WHERE me.pot_id = p.id AND me.user_id = $1::uuid AND me.removed_at IS NULL
                LIMIT 1) AS your_net_pence
         FROM pots p
        WHERE p.is_active = $2
          AND EXISTS (SELECT 1 FROM pot_members me
                       WHERE me.pot_id = p.id AND me.user_id = $1::uuid AND me.removed_at IS NULL)
        ORDER BY p.created_at DESC`,
      userId,
      isActive,
    );
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      balancePence: Number(row.balance_pence),
      currency: 'GBP',
      isActive: row.is_active,
      createdBy: row.created_by,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      members: row.members ?? [],
      yourNetPence: Number(row.your_net_pence),
    }));
  }

  /**
   * What must be settled before the caller's account can be deleted: money in pots they own, and every
   * position of theirs that is not zero (someone would be left owing a person who is gone, or unpaid).
   */
  async accountDeletionBlockers({ caller }: ListPotsQuery): Promise<AccountDeletionBlockers> {
    const [owned, positions] = await Promise.all([
      this.prisma.pot.findMany({
        where: {
          balancePence: { not: 0 },
          members: { some: { userId: caller.userId, role: 'owner', removedAt: null } },
        },
        select: { id: true, name: true, balancePence: true },
        orderBy: { createdAt: 'asc' },
      }),
      this.prisma.potMember.findMany({
        where: { userId: caller.userId, removedAt: null, netPence: { not: 0 } },
        select: { potId: true, netPence: true, pot: { select: { name: true } } },
        orderBy: { joinedAt: 'asc' },
      }),
    ]);
    return {
      ownedPotsWithMoney: owned.map((pot) => ({ ...pot, balancePence: Number(pot.balancePence) })),
      openPositions: positions.map(({ potId, netPence, pot }) => ({
        potId,
        potName: pot.name,
        netPence: Number(netPence),
      })),
    };
  }

  async get({ caller, potId }: PotQuery): Promise<PotDetail> {
    const membership = await requireMember(this.prisma, potId, caller.userId);
    const pot = await this.prisma.pot.findUniqueOrThrow({
      where: { id: potId },
      include: {
        members: activeMembers,
        transactions: { orderBy: { createdAt: 'desc' }, take: RECENT_TRANSACTIONS },
        // The owner sees every open invitation; a member only those they sent (the invitees' e-mails).
        invitations: {
          where: {
            acceptedAt: null,
            revokedAt: null,
            expiresAt: { gt: new Date() },
            ...(membership.role === 'owner' ? {} : { invitedBy: caller.userId }),
          },
          orderBy: { createdAt: 'desc' },
        },
      },
    });
    // Former members too: what they paid for the group stays part of its spending.
    const paidByMembers = await this.prisma.potMember.aggregate({
      where: { potId },
      _sum: { paidPence: true, paidCount: true },
    });
    const paidByMembersPence = Number(paidByMembers._sum.paidPence ?? 0);
    // Only confirmed expenses: a pending one has not been spent as far as the group knows.
    const byCategory = await this.prisma.expense.groupBy({
      by: ['category'],
      where: { potId, deletedAt: null, status: 'confirmed' },
      _sum: { amountPence: true },
    });
    return {
      ...toSummary(pot, membership.memberId),
      yourRole: membership.role,
      yourMemberId: membership.memberId,
      transactions: pot.transactions.map((row) => ({
        id: row.id,
        type: row.type === 'credit' ? 'credit' : 'debit',
        description: row.description,
        member: row.memberName,
        date: row.createdAt.toISOString(),
        amountPence: Number(row.amountPence),
      })),
      stats: {
        totalTransactions: pot.transactionCount + (paidByMembers._sum.paidCount ?? 0),
        totalAddedPence: Number(pot.totalAddedPence),
        totalSpentPence: Number(pot.totalSpentPence) + paidByMembersPence,
        paidByMembersPence,
      },
      contributions: orderMembers(pot.members).map((member) => ({
        memberId: member.id,
        name: member.name,
        addedPence: Number(member.addedPence),
        paidPence: Number(member.paidPence),
        sharePence: Number(member.sharePence),
      })),
      spendingByCategory: byCategory
        .map((row) => ({
          category: row.category as ExpenseCategory,
          amountPence: Number(row._sum.amountPence ?? 0),
        }))
        .sort((a, b) => b.amountPence - a.amountPence || a.category.localeCompare(b.category)),
      pendingInvitations: pot.invitations.map((invitation) => ({
        id: invitation.id,
        name: invitation.name,
        email: invitation.email,
        expiresAt: invitation.expiresAt.toISOString(),
        createdAt: invitation.createdAt.toISOString(),
      })),
      rules: rulesOf(pot),
    };
  }

  async update({ caller, potId, body }: UpdatePotCommand): Promise<PotDetail> {
    await this.prisma.$transaction(async (tx) => {
      await requireOwner(tx, potId, caller.userId, 'change this pot');
      // Archiving closes the pot: locked first, so no position can move while it is checked.
      if (body.isActive === false) await lockPot(tx, potId);
      const before = await tx.pot.findUniqueOrThrow({ where: { id: potId }, select: { isActive: true } });
      if (body.isActive === false && before.isActive) await requireEveryoneSettled(tx, potId);
      await tx.pot.update({ where: { id: potId }, data: body });
      await announcePotAccess(tx, potId);
      if (body.isActive === false && before.isActive) {
        const spendingFromIt = await tx.activePot.findMany({ where: { potId }, select: { userId: true } });
        await tx.activePot.deleteMany({ where: { potId } });
        for (const { userId } of spendingFromIt) await announceCardPot(tx, userId);
        await recordActivity(tx, potId, caller, 'pot.archived', `${caller.name} archived the pot`);
      } else if (body.isActive === true && !before.isActive) {
        await recordActivity(tx, potId, caller, 'pot.restored', `${caller.name} restored the pot`);
      } else {
        await recordActivity(tx, potId, caller, 'pot.updated', `${caller.name} updated the pot`);
      }
    });
    return this.get({ caller, potId });
  }

  async setActive({ caller, body }: SetActivePotCommand): Promise<ActivePot> {
    try {
      const active = await this.prisma.$transaction(async (tx) => {
        await requireMember(tx, body.potId, caller.userId);
        const pot = await tx.pot.findUniqueOrThrow({ where: { id: body.potId } });
        if (!pot.isActive) throw ProblemError.of(409, 'Failed to set active pot', 'This pot is archived.');
        const row = await tx.activePot.upsert({
          where: { userId: caller.userId },
          create: { userId: caller.userId, potId: body.potId },
          update: { potId: body.potId },
        });
        await announceCardPot(tx, caller.userId);
        return { potId: row.potId, updatedAt: row.updatedAt.toISOString() };
      });
      // The card's next payment is decided on what payments has heard: tell it now.
      this.outbox.kick();
      return active;
    } catch (error) {
      if (error instanceof ProblemError) throw error;
      throw ProblemError.of(500, 'Failed to set active pot', 'Please try again.');
    }
  }

  /**
   * For payments and issuing: is this user in the pot, and as what. Removed members and strangers get
   * role null (and no pot name). In an archived pot only its owner keeps a role, so the owner can still
   * withdraw what is left while nobody else can move money in or out.
   */
  async membership({ potId, userId }: MembershipQuery): Promise<Membership> {
    const member = await this.prisma.potMember.findUnique({
      where: { potId_userId: { potId, userId } },
      select: {
        role: true,
        removedAt: true,
        pot: {
          select: {
            name: true,
            isActive: true,
            withdrawRule: true,
            spendRule: true,
            approvalAbovePence: true,
            inviteRule: true,
            simplifyDebts: true,
          },
        },
      },
    });
    const role = member && !member.removedAt ? (member.role === 'owner' ? 'owner' : 'member') : null;
    if (!member || !role || (!member.pot.isActive && role !== 'owner')) {
      return { potId, role: null, potName: null, rules: null };
    }
    return { potId, role, potName: member.pot.name, rules: rulesOf(member.pot) };
  }

  /** The caller's active pot while they are still a member of it (the pot their card spends from). */
  async getActive({ caller }: ActivePotQuery): Promise<ActivePot> {
    const userId = caller.userId;
    const [row] = await this.prisma.$queryRaw<{ pot_id: string; updated_at: Date }[]>`
      SELECT a.pot_id, a.updated_at
        FROM user_active_pot a
        JOIN pot_members m ON m.pot_id = a.pot_id AND m.user_id = a.user_id AND m.removed_at IS NULL
       WHERE a.user_id = ${userId}::uuid`;
    return row
      ? { potId: row.pot_id, updatedAt: row.updated_at.toISOString() }
      : { potId: null, updatedAt: null };
  }
}

/**
 * Closing a pot is archiving it (decisions §4: the owner archives, `is_active` false; the spec shows no
 * other status), and only a settled pot may be closed: an archived pot takes no payments, so debts left in
 * it could never be recorded as repaid. A 409 names who still owes or is owed.
 */
async function requireEveryoneSettled(tx: Tx, potId: string): Promise<void> {
  const open = await tx.potMember.findMany({
    where: { potId, removedAt: null, netPence: { not: 0 } },
    select: { name: true, netPence: true },
    orderBy: [{ netPence: 'asc' }, { joinedAt: 'asc' }],
  });
  if (open.length === 0) return;
  const who = open.map(({ name, netPence }) =>
    netPence < 0n
      ? `${name} owes ${formatPence(Number(-netPence))}`
      : `${name} is owed ${formatPence(Number(netPence))}`,
  );
  throw ProblemError.of(
    409,
    'Settle up first',
    `Everyone must be settled up before the pot is archived: ${who.join(', ')}.`,
  );
}
