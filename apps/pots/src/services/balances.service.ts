import type {
  ActivityEntry,
  CreateSettlementCommand,
  PotBalances,
  PotQuery,
  RemoveMemberCommand,
  Settlement,
} from '@kitty/contracts';
import { formatPence, type Transfer } from '@kitty/money';
import { ProblemError } from '@kitty/nest-common';
import { Injectable } from '@nestjs/common';

import { PrismaService } from '../prisma.service';
import { recordActivity } from './activity';
import { applyMemberDeltas } from './expense-effects';
import { potNotFound, requireMember, requireOwner } from './pot-access';
import { lockPot, refreshSettlePlan } from './settle-plan';

const ACTIVITY_PAGE = 50;

interface BalanceRow {
  id: string;
  user_id: string;
  name: string;
  net_pence: bigint;
  settle_plan: unknown;
}

/** Who owes whom: read from each member's running position, so the cost grows with members, not history. */
@Injectable()
export class BalancesService {
  constructor(private readonly prisma: PrismaService) {}

  async balances({ caller, potId }: PotQuery): Promise<PotBalances> {
    // The hot read: one statement serves the membership check, the positions and the stored plan.
    const rows = await this.prisma.$queryRawUnsafe<BalanceRow[]>(
      `SELECT m.id, m.user_id, m.name, m.net_pence, p.settle_plan
         FROM pot_members m JOIN pots p ON p.id = m.pot_id
        WHERE m.pot_id = $1::uuid AND m.removed_at IS NULL
        ORDER BY (m.role = 'owner') DESC, m.joined_at`,
      potId,
    );
    if (!rows.some((row) => row.user_id === caller.userId)) throw potNotFound();
    const plan = (rows[0].settle_plan ?? []) as Transfer[];
    return {
      positions: rows.map((row) => ({ memberId: row.id, name: row.name, netPence: Number(row.net_pence) })),
      plan: plan.map((transfer) => ({
        fromMemberId: transfer.from,
        toMemberId: transfer.to,
        amountPence: transfer.amountPence,
      })),
    };
  }

  /** Records that one member paid another back: the payer's debt and the payee's credit shrink together. */
  async settle({ caller, potId, body }: CreateSettlementCommand): Promise<Settlement> {
    return this.prisma.$transaction(async (tx) => {
      await requireMember(tx, potId, caller.userId);
      await lockPot(tx, potId);
      const members = await tx.potMember.findMany({
        where: { potId, removedAt: null, id: { in: [body.fromMemberId, body.toMemberId] } },
      });
      if (members.length !== 2)
        throw ProblemError.of(400, 'Invalid request', 'Both people must be members of this pot.');
      const settlement = await tx.settlement.create({ data: { potId, ...body, createdBy: caller.userId } });
      await applyMemberDeltas(
        tx,
        new Map([
          [body.fromMemberId, { net: body.amountPence, share: 0 }],
          [body.toMemberId, { net: -body.amountPence, share: 0 }],
        ]),
      );
      await refreshSettlePlan(tx, potId);
      const name = (id: string) => members.find((member) => member.id === id)?.name ?? 'A member';
      await recordActivity(
        tx,
        potId,
        caller,
        'settlement.recorded',
        `${name(body.fromMemberId)} paid ${name(body.toMemberId)} ${formatPence(body.amountPence)}`,
      );
      return {
        id: settlement.id,
        fromMemberId: settlement.fromMemberId,
        toMemberId: settlement.toMemberId,
        amountPence: Number(settlement.amountPence),
        createdAt: settlement.createdAt.toISOString(),
      };
    });
  }

  async removeMember({ caller, potId, memberId }: RemoveMemberCommand): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      await requireOwner(tx, potId, caller.userId, 'remove members');
      // With the pot locked no expense can change this member's position while we check it.
      await lockPot(tx, potId);
      const member = await tx.potMember.findFirst({ where: { id: memberId, potId, removedAt: null } });
      if (!member) throw ProblemError.of(404, 'Member not found');
      if (member.role === 'owner')
        throw ProblemError.of(409, 'Not allowed', 'The pot owner cannot be removed.');
      if (member.netPence !== 0n) {
        throw ProblemError.of(
          409,
          'Balance outstanding',
          `${member.name} still has a balance of ${formatPence(Number(member.netPence))}. Settle up before removing them.`,
        );
      }
      await tx.potMember.update({ where: { id: memberId }, data: { removedAt: new Date() } });
      await tx.activePot.deleteMany({ where: { userId: member.userId, potId } });
      await recordActivity(tx, potId, caller, 'member.removed', `${caller.name} removed ${member.name}`);
    });
  }

  async activity({ caller, potId }: PotQuery): Promise<ActivityEntry[]> {
    await requireMember(this.prisma, potId, caller.userId);
    const events = await this.prisma.activityEvent.findMany({
      where: { potId },
      orderBy: { seq: 'desc' },
      take: ACTIVITY_PAGE,
    });
    return events.map((event) => ({
      id: event.id,
      type: event.type,
      actorName: event.actorName,
      summary: event.summary,
      createdAt: event.createdAt.toISOString(),
    }));
  }
}
