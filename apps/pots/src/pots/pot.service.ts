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
import { lockPot, potById } from '../core/pot-rows.repository';
import { rulesOf } from '../core/rules-of';
import { type Tx, UnitOfWork } from '../core/unit-of-work';
import { InvitationService } from '../invitations/invitation.service';
import {
  activePotWhileMember,
  confirmedSpendingByCategory,
  createPot,
  endActivePotsOf,
  makeActiveIfNone,
  membershipWithRules,
  openPositionsOf,
  ownedPotsWithMoney,
  paidByMembers as paidByMembersIn,
  potDetail,
  potSummariesOf,
  setActivePot,
  unsettledMembers,
  updatePot,
} from './pots.repository';

@Injectable()
export class PotService {
  constructor(
    private readonly work: UnitOfWork,
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
    const potId = await this.work.transaction(async (tx) => {
      const pot = await createPot(
        tx,
        { name: body.name, description: describePot(body) },
        { userId: caller.userId, name: caller.name, email: caller.email },
      );
      await recordActivity(tx, pot.id, caller, 'pot.created', `${caller.name} created the pot`);
      await announcePotAccess(tx, pot.id);
      for (const invitee of invitees) await this.invitations.issue(tx, pot, caller, invitee);
      // A new pot is empty: the card keeps spending from the active pot until its owner changes it. Only a
      // user with no active pot (their first pot) gets this one.
      if (await makeActiveIfNone(tx, caller.userId, pot.id)) await announceCardPot(tx, caller.userId);
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

  private async listWhere(userId: string, isActive: boolean): Promise<PotSummary[]> {
    const rows = await potSummariesOf(this.work.directRows, userId, isActive);
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
      ownedPotsWithMoney(this.work.alone, caller.userId),
      openPositionsOf(this.work.alone, caller.userId),
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
    const membership = await requireMember(this.work.alone, potId, caller.userId);
    // The owner sees every open invitation; a member only those they sent (the invitees' e-mails).
    const pot = await potDetail(this.work.alone, potId, membership.role === 'owner' ? null : caller.userId);
    // Former members too: what they paid for the group stays part of its spending.
    const paidByMembers = await paidByMembersIn(this.work.alone, potId);
    const paidByMembersPence = Number(paidByMembers._sum.paidPence ?? 0);
    // Only confirmed expenses: a pending one has not been spent as far as the group knows.
    const byCategory = await confirmedSpendingByCategory(this.work.alone, potId);
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
    await this.work.transaction(async (tx) => {
      await requireOwner(tx, potId, caller.userId, 'change this pot');
      // Archiving closes the pot: locked first, so no position can move while it is checked.
      if (body.isActive === false) await lockPot(tx, potId);
      const before = await potById(tx, potId);
      if (body.isActive === false && before.isActive) await requireEveryoneSettled(tx, potId);
      await updatePot(tx, potId, body);
      await announcePotAccess(tx, potId);
      if (body.isActive === false && before.isActive) {
        for (const userId of await endActivePotsOf(tx, potId)) await announceCardPot(tx, userId);
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
      const active = await this.work.transaction(async (tx) => {
        await requireMember(tx, body.potId, caller.userId);
        const pot = await potById(tx, body.potId);
        if (!pot.isActive) throw ProblemError.of(409, 'Failed to set active pot', 'This pot is archived.');
        const row = await setActivePot(tx, caller.userId, body.potId);
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
    const member = await membershipWithRules(this.work.alone, potId, userId);
    const role = member && !member.removedAt ? (member.role === 'owner' ? 'owner' : 'member') : null;
    if (!member || !role || (!member.pot.isActive && role !== 'owner')) {
      return { potId, role: null, potName: null, rules: null };
    }
    return { potId, role, potName: member.pot.name, rules: rulesOf(member.pot) };
  }

  /** The caller's active pot while they are still a member of it (the pot their card spends from). */
  async getActive({ caller }: ActivePotQuery): Promise<ActivePot> {
    const row = await activePotWhileMember(this.work.alone, caller.userId);
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
  const open = await unsettledMembers(tx, potId);
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
