import type {
  ActivityEntry,
  CreateSettlementCommand,
  PotBalances,
  PotQuery,
  RemoveMemberCommand,
  Settlement,
} from '@kitty/contracts';
import { formatPence, type Transfer } from '@kitty/money';
import { idFromIdempotencyKey, madeByConcurrentDelivery, ProblemError } from '@kitty/nest-common';
import { Injectable } from '@nestjs/common';

import type { Settlement as SettlementRow } from '../generated/prisma/client';
import { PrismaService, type Tx } from '../prisma.service';
import { recordActivity } from './activity';
import { applyMemberDeltas } from './expense-effects';
import { potNotFound, requireMember, requireOwner } from './pot-access';
import { PotLedger, settlementLedgerKey } from './pot-ledger';
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
  constructor(
    private readonly prisma: PrismaService,
    private readonly ledger: PotLedger,
  ) {}

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

  /**
   * One member paid another back: the payer's debt and the payee's credit shrink together. With
   * `payWithKitty` the money moves wallet → wallet in the ledger first (idempotent by the settlement's id),
   * and the settlement is recorded after; otherwise it is only recorded.
   */
  async settle(command: CreateSettlementCommand): Promise<Settlement> {
    // From the caller's Idempotency-Key: a repeat of the command finds the settlement the first one made.
    const settlementId = idFromIdempotencyKey('settlement', command.caller.userId, command.idempotencyKey);
    const earlier = await this.prisma.settlement.findUnique({ where: { id: settlementId } });
    if (earlier) return toSettlement(earlier);
    if (!command.body.payWithKitty) {
      try {
        return await this.prisma.$transaction((tx) => this.recordSettlement(tx, command, settlementId, null));
      } catch (error) {
        madeByConcurrentDelivery(error);
        return toSettlement(await this.prisma.settlement.findUniqueOrThrow({ where: { id: settlementId } }));
      }
    }
    const { caller, body } = command;
    // Refuse what the record would refuse before any money moves.
    const { from, to } = await settlementParties(this.prisma, command);
    if (from.userId !== caller.userId) {
      throw ProblemError.of(403, 'Not allowed', `Only ${from.name} can pay this from their Kitty wallet.`);
    }
    const ledgerKey = settlementLedgerKey(settlementId);
    return this.ledger.postThenRecord(
      ledgerKey,
      `Settlement ${from.name} → ${to.name} not recorded`,
      () =>
        this.ledger.transferBetweenWallets({
          fromUserId: from.userId,
          toUserId: to.userId,
          amountPence: body.amountPence,
          idempotencyKey: ledgerKey,
          description: `Settle up: ${from.name} paid ${to.name}`,
        }),
      (receipt) =>
        this.prisma.$transaction(async (tx) => {
          const settlement = await this.recordSettlement(tx, command, settlementId, receipt.transactionId);
          await this.ledger.settled(tx, ledgerKey);
          return settlement;
        }),
    );
  }

  private async recordSettlement(
    tx: Tx,
    command: CreateSettlementCommand,
    settlementId: string,
    ledgerTransactionId: string | null,
  ): Promise<Settlement> {
    const { caller, potId, body } = command;
    await lockPot(tx, potId);
    // Checked again under the pot's lock: either person may have left since the wallet transfer.
    const { from, to } = await settlementParties(tx, command);
    const settlement = await tx.settlement.create({
      data: {
        id: settlementId,
        potId,
        fromMemberId: from.id,
        toMemberId: to.id,
        amountPence: body.amountPence,
        ledgerTransactionId,
        createdBy: caller.userId,
      },
    });
    await applyMemberDeltas(
      tx,
      new Map([
        [from.id, { net: body.amountPence, share: 0 }],
        [to.id, { net: -body.amountPence, share: 0 }],
      ]),
    );
    await refreshSettlePlan(tx, potId);
    await recordActivity(
      tx,
      potId,
      caller,
      'settlement.recorded',
      `${from.name} paid ${to.name} ${formatPence(body.amountPence)}${ledgerTransactionId ? ' with Kitty' : ''}`,
    );
    return toSettlement(settlement);
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

/** The two members of a settlement: the caller must be in the pot, and both people must be current members. */
async function settlementParties(tx: Tx, { caller, potId, body }: CreateSettlementCommand) {
  await requireMember(tx, potId, caller.userId);
  const members = await tx.potMember.findMany({
    where: { potId, removedAt: null, id: { in: [body.fromMemberId, body.toMemberId] } },
  });
  const from = members.find((member) => member.id === body.fromMemberId);
  const to = members.find((member) => member.id === body.toMemberId);
  if (!from || !to) throw ProblemError.of(400, 'Invalid request', 'Both people must be members of this pot.');
  return { from, to };
}

function toSettlement(row: SettlementRow): Settlement {
  return {
    id: row.id,
    fromMemberId: row.fromMemberId,
    toMemberId: row.toMemberId,
    amountPence: Number(row.amountPence),
    paidWithKitty: row.ledgerTransactionId !== null,
    createdAt: row.createdAt.toISOString(),
  };
}
