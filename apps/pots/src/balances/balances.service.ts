import type {
  ActivityEntry,
  CreateSettlementCommand,
  DecideSettlementCommand,
  LeavePotCommand,
  PotBalances,
  PotQuery,
  PreparedSettlement,
  RemoveMemberCommand,
  Settlement,
  SettlementPaid,
} from '@kitty/contracts';
import { formatPence, POT_PARTY, splitPotTransfers, type Transfer } from '@kitty/money';
import { idFromIdempotencyKey, madeByConcurrentDelivery, ProblemError } from '@kitty/nest-common';
import { Injectable } from '@nestjs/common';

import { recordActivity } from '../core/activity';
import { announceCardPot } from '../core/card-pot-announcement';
import {
  confirmed,
  confirmerFor,
  decisionData,
  mayDecide,
  nameOf,
  type People,
  peopleOf,
  stateFor,
} from '../core/confirmation';
import { passOnMemberDebts } from '../core/direct-debts';
import { movePositions, repaymentChange } from '../core/expense-effects';
import {
  type Membership,
  potNotFound,
  requireMember,
  requireOpenPot,
  requireOwner,
} from '../core/pot-access';
import { announcePotAccess } from '../core/pot-access-announcement';
import { lockPot } from '../core/pot-rows.repository';
import { currentSettlePlan, refreshSettlePlan } from '../core/settle-plan';
import { ukToday } from '../core/uk-day';
import { type Tx, UnitOfWork } from '../core/unit-of-work';
import type { PotMember as PotMemberRow, Settlement as SettlementRow } from '../generated/prisma/client';
import {
  type BalanceRow,
  balanceRowsOf,
  createSettlement,
  currentMemberIn,
  currentMembersAmong,
  currentMembersOf,
  endActivePotIn,
  existingSettlement,
  formerMembersAmong,
  latestActivity,
  listedSettlements,
  markMemberRemoved,
  memberById,
  settlementById,
  standingSettlementIn,
  updateSettlement,
} from './balances.repository';

const ACTIVITY_PAGE = 50;
const SETTLEMENT_PAGE = 200;

/** Who owes whom: read from each member's running position, so the cost grows with members, not history. */
@Injectable()
export class BalancesService {
  constructor(private readonly work: UnitOfWork) {}

  async balances({ caller, potId }: PotQuery): Promise<PotBalances> {
    // The hot read: one statement serves the membership check, the positions and the stored plan. The plan
    // (kilobytes of JSON) rides on the first row only: joined onto every member's row it was sent and parsed
    // once per member, half the cost of the request in a 20-member pot. The debts reminded today ride with
    // it from the pot row (a subquery of pot_reminders cost this read a third more). Past Prisma's query path.
    let rows = await this.readBalanceRows(potId);
    if (!rows.some((row) => row.user_id === caller.userId)) throw potNotFound();
    if (rows[0].settle_plan_stale || (rows[0].settle_plan === null && rows.some((row) => row.net_pence !== 0n)))
      rows = await this.replan(potId);
    const { betweenMembers, withPot } = splitPotTransfers((rows[0].settle_plan ?? []) as Transfer[]);
    return {
      positions: rows.map((row) => ({
        memberId: row.id,
        name: row.name,
        netPence: Number(row.net_pence),
        putInPence: Number(row.added_pence),
      })),
      plan: betweenMembers.map((transfer) => ({
        fromMemberId: transfer.from,
        toMemberId: transfer.to,
        amountPence: transfer.amountPence,
      })),
      potPlan: withPot.map((transfer) =>
        transfer.from === POT_PARTY
          ? { memberId: transfer.to, direction: 'from_pot' as const, amountPence: transfer.amountPence }
          : { memberId: transfer.from, direction: 'into_pot' as const, amountPence: transfer.amountPence },
      ),
      // By this replica's clock: at midnight it may lag the database's by a moment, when Remind still
      // answers 429 until the database's day has turned too.
      remindedToday:
        rows[0].reminded?.day === ukToday()
          ? rows[0].reminded.pairs.map(([fromMemberId, toMemberId]) => ({ fromMemberId, toMemberId }))
          : [],
    };
  }

  /**
   * A pot whose plan is stale (a member's own money moved since) or was never worked out for its positions
   * has it worked out once, by the first read that finds it so.
   */
  private async replan(potId: string): Promise<BalanceRow[]> {
    await this.work.transaction((tx) => currentSettlePlan(tx, potId));
    return this.readBalanceRows(potId);
  }

  private readBalanceRows(potId: string): Promise<BalanceRow[]> {
    return balanceRowsOf(this.work.directRows, potId);
  }

  /**
   * One member paid another back, elsewhere: the payer's debt and the payee's credit shrink together once the
   * other person (or the owner) agrees it happened. A payment made with Kitty is `prepareSettlement`d, paid by
   * payments, then recorded.
   */
  async settle(command: CreateSettlementCommand): Promise<Settlement> {
    // From the caller's Idempotency-Key: a repeat of the command finds the settlement the first one made.
    const settlementId = settlementIdOf(command);
    const earlier = await settlementById(this.work.alone, settlementId);
    if (earlier) return toSettlement(earlier, await peopleOf(this.work.alone, command.potId));
    if (command.body.payWithKitty)
      throw ProblemError.of(
        400,
        'Invalid request',
        'A payment made with Kitty is paid before it is recorded.',
      );
    try {
      return await this.work.transaction((tx) => this.recordSettlement(tx, command, settlementId));
    } catch (error) {
      madeByConcurrentDelivery(error);
      return toSettlement(
        await existingSettlement(this.work.alone, settlementId),
        await peopleOf(this.work.alone, command.potId),
      );
    }
  }

  /**
   * A payment with Kitty before any money moves: the settlement a repeat of the command finds, or what payments
   * is to pay wallet to wallet, once everything recording it would refuse has been checked. Writes nothing.
   */
  async prepareSettlement(command: CreateSettlementCommand): Promise<PreparedSettlement> {
    const settlementId = settlementIdOf(command);
    const earlier = await settlementById(this.work.alone, settlementId);
    if (earlier)
      return { settlement: toSettlement(earlier, await peopleOf(this.work.alone, command.potId)), payment: null };
    if (!command.body.payWithKitty)
      throw ProblemError.of(400, 'Invalid request', 'Only a payment with Kitty is paid first.');
    const { from, to } = await settlementParties(this.work.alone, command);
    if (from.userId !== command.caller.userId) {
      throw ProblemError.of(403, 'Not allowed', `Only ${from.name} can pay this from their Kitty wallet.`);
    }
    if (!to.userId) {
      throw ProblemError.of(
        409,
        'Guest has no wallet',
        `${to.name} is a guest without a Kitty account, so they cannot be paid with Kitty. Record the payment instead.`,
      );
    }
    return {
      settlement: null,
      payment: {
        settlementId,
        settlement: command,
        toUserId: to.userId,
        description: `Settle up: ${from.name} paid ${to.name}`,
      },
    };
  }

  /**
   * Records a payment with Kitty payments has made: from the gateway at once and from payments' event,
   * whichever comes first. Never refused: the money has moved, so it counts, whoever has left since.
   */
  async recordPaidSettlement(paid: SettlementPaid): Promise<Settlement> {
    const { caller, potId, body } = paid.settlement;
    try {
      return await this.work.transaction(async (tx) => {
        await lockPot(tx, potId);
        const made = await settlementById(tx, paid.settlementId);
        if (made) return toSettlement(made, await peopleOf(tx, potId));
        const settlement = await createSettlement(tx, {
          id: paid.settlementId,
          potId,
          fromMemberId: body.fromMemberId,
          toMemberId: body.toMemberId,
          amountPence: body.amountPence,
          ledgerTransactionId: paid.transactionId,
          createdBy: caller.userId,
          ...confirmed,
        });
        const people = await peopleOf(tx, potId);
        await applySettlement(tx, settlement);
        await recordActivity(
          tx,
          potId,
          caller,
          'settlement.recorded',
          `${nameOf(people.byMemberId, body.fromMemberId)} paid ${nameOf(people.byMemberId, body.toMemberId)} ${formatPence(body.amountPence)} with Kitty`,
        );
        return toSettlement(settlement, people);
      });
    } catch (error) {
      madeByConcurrentDelivery(error);
      return toSettlement(
        await existingSettlement(this.work.alone, paid.settlementId),
        await peopleOf(this.work.alone, potId),
      );
    }
  }

  private async recordSettlement(
    tx: Tx,
    command: CreateSettlementCommand,
    settlementId: string,
  ): Promise<Settlement> {
    const { caller, potId, body } = command;
    await lockPot(tx, potId);
    // Another delivery of the same command may have recorded it since this one looked: its record stands.
    const made = await settlementById(tx, settlementId);
    if (made) return toSettlement(made, await peopleOf(tx, potId));
    // Checked again under the pot's lock: either person may have left since the command was first looked at.
    const { membership, from, to } = await settlementParties(tx, command);
    // A payment made elsewhere counts once the other person (or the owner) agrees it happened.
    const state = stateFor(membership, await confirmerFor(tx, membership.memberId === from.id ? to : from));
    const settlement = await createSettlement(tx, {
      id: settlementId,
      potId,
      fromMemberId: from.id,
      toMemberId: to.id,
      amountPence: body.amountPence,
      ledgerTransactionId: null,
      createdBy: caller.userId,
      ...state,
    });
    const what = `${from.name} paid ${to.name} ${formatPence(body.amountPence)}`;
    const people = await peopleOf(tx, potId);
    if (state.status === 'pending') {
      // The one who is asked, as the record says: the pot's owner when the other person is a guest.
      const other = nameOf(people.byMemberId, state.awaitingMemberId);
      await recordActivity(
        tx,
        potId,
        caller,
        'settlement.pending',
        `${caller.name} recorded that ${what} — waiting for ${other} to confirm`,
      );
    } else {
      await applySettlement(tx, settlement);
      await recordActivity(
        tx,
        potId,
        caller,
        'settlement.recorded',
        membership.memberId === from.id ? what : `${caller.name} recorded that ${what}`,
      );
    }
    return toSettlement(settlement, people);
  }

  /** The other person in a pending settlement (or the pot's owner) confirms or declines it. */
  async decideSettlement({
    caller,
    potId,
    settlementId,
    decision,
  }: DecideSettlementCommand): Promise<Settlement> {
    return this.work.transaction(async (tx) => {
      const membership = await requireMember(tx, potId, caller.userId);
      await requireOpenPot(tx, potId, 'confirm or decline payments');
      await lockPot(tx, potId);
      // An undone payment is no longer there to confirm.
      const settlement = await standingSettlementIn(tx, potId, settlementId);
      if (!settlement) throw ProblemError.of(404, 'Settlement not found');
      const people = await peopleOf(tx, potId);
      const awaiting = nameOf(people.byMemberId, settlement.awaitingMemberId);
      if (!mayDecide(settlement, membership, decision, awaiting)) return toSettlement(settlement, people);
      if (decision === 'confirm') {
        const current = await currentMembersAmong(tx, potId, [settlement.fromMemberId, settlement.toMemberId]);
        if (current !== 2) {
          throw ProblemError.of(409, 'Members have changed', 'Someone in this payment has left the pot.');
        }
        await applySettlement(tx, settlement);
      }
      const decided = await updateSettlement(tx, settlementId, decisionData(decision, caller.userId));
      const what = `${nameOf(people.byMemberId, settlement.fromMemberId)} paid ${nameOf(people.byMemberId, settlement.toMemberId)} ${formatPence(Number(settlement.amountPence))}`;
      await recordActivity(
        tx,
        potId,
        caller,
        decision === 'confirm' ? 'settlement.confirmed' : 'settlement.declined',
        decision === 'confirm'
          ? `${caller.name} confirmed that ${what}`
          : `${caller.name} declined ${nameOf(people.byUserId, settlement.createdBy)}'s record that ${what}`,
      );
      return toSettlement(decided, people);
    });
  }

  /** The pot's settlements, pending ones first (they need someone's answer), then newest first. */
  async listSettlements({ caller, potId }: PotQuery): Promise<Settlement[]> {
    await requireMember(this.work.alone, potId, caller.userId);
    const [rows, people] = await Promise.all([
      listedSettlements(this.work.alone, potId, SETTLEMENT_PAGE),
      peopleOf(this.work.alone, potId),
    ]);
    return rows.map((row) => toSettlement(row, people));
  }

  async removeMember({ caller, potId, memberId }: RemoveMemberCommand): Promise<void> {
    await this.work.transaction(async (tx) => {
      await requireOwner(tx, potId, caller.userId, 'remove members');
      // With the pot locked no expense can change this member's position while we check it.
      await lockPot(tx, potId);
      const member = await currentMemberIn(tx, potId, memberId);
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
      await endMembership(tx, member);
      await recordActivity(tx, potId, caller, 'member.removed', `${caller.name} removed ${member.name}`);
    });
  }

  /**
   * A member leaves of their own accord: only with a position of zero, so nobody is left
   * owing or owed by someone who is gone. The owner cannot leave: the pot would have nobody to run it.
   */
  async leave({ caller, potId }: LeavePotCommand): Promise<void> {
    await this.work.transaction(async (tx) => {
      const membership = await requireMember(tx, potId, caller.userId);
      if (membership.role === 'owner') {
        throw ProblemError.of(
          409,
          'The owner cannot leave',
          'You own this pot, so you cannot leave it. Archive it instead once everyone has settled up.',
        );
      }
      // As for a removal: with the pot locked no expense can move this position while it is checked.
      await lockPot(tx, potId);
      const member = await memberById(tx, membership.memberId);
      if (member.netPence !== 0n) throw settleUpFirst(Number(member.netPence));
      await endMembership(tx, member);
      await recordActivity(tx, potId, caller, 'member.left', `${member.name} left the pot`);
    });
  }

  async activity({ caller, potId }: PotQuery): Promise<ActivityEntry[]> {
    await requireMember(this.work.alone, potId, caller.userId);
    const events = await latestActivity(this.work.alone, potId, ACTIVITY_PAGE);
    return events.map((event) => ({
      id: event.id,
      type: event.type,
      actorName: event.actorName,
      summary: event.summary,
      createdAt: event.createdAt.toISOString(),
    }));
  }
}

/** 'Settle up first: you owe £12.50.' — what stops a member with a position from leaving. */
export function settleUpFirst(netPence: number): ProblemError {
  return ProblemError.of(
    409,
    'Settle up first',
    netPence < 0
      ? `Settle up first: you owe ${formatPence(-netPence)}.`
      : `Settle up first: you are owed ${formatPence(netPence)}.`,
  );
}

/**
 * Ends a membership (removed by the owner or left): the member no longer sees the pot and it stops being
 * their active pot; their row stays, so the pot's history still names them.
 */
export async function endMembership(tx: Tx, member: PotMemberRow): Promise<void> {
  await passOnMemberDebts(tx, member.potId, member.id);
  await markMemberRemoved(tx, member.id);
  if (member.userId) await announcePotAccess(tx, member.potId);
  await refreshSettlePlan(tx, member.potId);
  if (!member.userId) return;
  if (await endActivePotIn(tx, member.userId, member.potId)) await announceCardPot(tx, member.userId);
}

/** The payer's debt and the payee's credit shrink together, and the plan follows. The pot is locked. */
async function applySettlement(tx: Tx, settlement: SettlementRow) {
  await movePositions(
    tx,
    settlement.potId,
    repaymentChange(settlement.fromMemberId, settlement.toMemberId, Number(settlement.amountPence)),
  );
}

/**
 * The two members of a settlement: both must be current members, and the caller one of them — nobody
 * records a payment between two other people.
 */
/** The settlement's id, from the caller's Idempotency-Key (ADR 0011). */
export const settlementIdOf = ({
  caller,
  idempotencyKey,
}: {
  caller: Pick<CreateSettlementCommand['caller'], 'userId'>;
  idempotencyKey: string;
}) => idFromIdempotencyKey('settlement', caller.userId, idempotencyKey);

async function settlementParties(
  tx: Tx,
  { caller, potId, body }: CreateSettlementCommand,
): Promise<{ membership: Membership; from: PotMemberRow; to: PotMemberRow }> {
  const membership = await requireMember(tx, potId, caller.userId);
  await requireOpenPot(tx, potId, 'record payments');
  const members = await currentMembersOf(tx, potId, [body.fromMemberId, body.toMemberId]);
  const from = members.find((member) => member.id === body.fromMemberId);
  const to = members.find((member) => member.id === body.toMemberId);
  if (!from || !to) throw await notBothMembers(tx, potId, [body.fromMemberId, body.toMemberId]);
  // A guest cannot record anything themselves: the owner records their payments for them.
  const forAGuest = membership.role === 'owner' && (from.role === 'guest' || to.role === 'guest');
  if (membership.memberId !== from.id && membership.memberId !== to.id && !forAGuest) {
    throw ProblemError.of(403, 'Not allowed', 'You can only record a payment you made or received.');
  }
  return { membership, from, to };
}

/** Someone who left the pot (or deleted their account) is said to be gone: nobody pays them here any more. */
async function notBothMembers(tx: Tx, potId: string, memberIds: string[]): Promise<ProblemError> {
  const former = await formerMembersAmong(tx, potId, memberIds);
  return former > 0
    ? ProblemError.of(
        409,
        'Former member',
        'This person is no longer a member of this pot (they left, or deleted their Kitty account), so no payment to or from them can be made or recorded here.',
      )
    : ProblemError.of(400, 'Invalid request', 'Both people must be members of this pot.');
}

export function toSettlement(row: SettlementRow, { byUserId }: People): Settlement {
  return {
    id: row.id,
    fromMemberId: row.fromMemberId,
    toMemberId: row.toMemberId,
    amountPence: Number(row.amountPence),
    paidWithKitty: row.ledgerTransactionId !== null,
    status: row.status as Settlement['status'],
    awaitingMemberId: row.awaitingMemberId,
    createdByName: nameOf(byUserId, row.createdBy),
    createdAt: row.createdAt.toISOString(),
  };
}
