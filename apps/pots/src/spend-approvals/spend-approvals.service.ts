import {
  type DecideSpendApprovalCommand,
  type ListSpendApprovalsQuery,
  MAX_OPEN_SPEND_APPROVALS,
  PotsJobs,
  type RequestSpendApprovalCommand,
  SPEND_APPROVAL_VALID_HOURS,
  type SpendApproval,
  type SpendApprovalUseChanged,
} from '@kitty/contracts';
import { formatPence } from '@kitty/money';
import { outboxMessage, OutboxRelay, ProblemError } from '@kitty/nest-common';
import { Injectable } from '@nestjs/common';

import { recordActivity } from '../core/activity';
import { enqueue } from '../core/outbox.repository';
import { requireMember, requireOpenPot } from '../core/pot-access';
import { notifyPotMembers } from '../core/pot-notifications';
import { type Tx, UnitOfWork } from '../core/unit-of-work';
import type { SpendApproval as SpendApprovalRow } from '../generated/prisma/client';
import {
  applyApprovalUse,
  changeRequestIf,
  createRequest,
  latestRequests,
  lockMember,
  memberName,
  memberNames,
  openRequestsOf,
  requestById,
  requestIn,
  spendRulesOf,
} from './spend-approvals.repository';

const VALID_MS = SPEND_APPROVAL_VALID_HOURS * 3_600_000;
const LISTED = 20;

const notFound = () =>
  ProblemError.of(404, 'Request not found', 'This card spending request is not in this pot.');

/** 'expired' is not stored: a waiting or approved request past its time reads as expired. */
function statusOf(row: SpendApprovalRow, now = new Date()): SpendApproval['status'] {
  if ((row.status === 'pending' || row.status === 'approved') && row.expiresAt <= now) return 'expired';
  return row.status as SpendApproval['status'];
}

@Injectable()
export class SpendApprovalsService {
  constructor(
    private readonly work: UnitOfWork,
    private readonly outbox: OutboxRelay,
  ) {}

  /**
   * A member asks to spend above the pot's approval amount with their card. Only where the pot's spending
   * rule asks for approval, only above its amount, and a few open requests at a time.
   */
  async request({ caller, potId, body }: RequestSpendApprovalCommand): Promise<SpendApproval> {
    const row = await this.work.transaction(async (tx) => {
      const membership = await requireMember(tx, potId, caller.userId);
      await requireOpenPot(tx, potId, 'ask to spend from it');
      const pot = await spendRulesOf(tx, potId);
      if (membership.role === 'owner')
        throw ProblemError.of(
          409,
          'No approval needed',
          'As the owner, your card can spend any amount from the pot.',
        );
      if (pot.spendRule !== 'approval')
        throw ProblemError.of(
          409,
          'No approval needed',
          pot.spendRule === 'owner'
            ? "This pot's rules let only its owner spend from it."
            : "This pot's rules let your card spend any amount without approval.",
        );
      if (body.amountPence <= pot.approvalAbovePence)
        throw ProblemError.of(
          409,
          'No approval needed',
          `Card payments up to ${formatPence(pot.approvalAbovePence)} need no approval.`,
        );
      // Serialised per member by the pot's member row, so concurrent requests cannot pass the limit together.
      await lockMember(tx, membership.memberId);
      const open = await openRequestsOf(tx, potId, membership.memberId);
      if (open >= MAX_OPEN_SPEND_APPROVALS)
        throw ProblemError.of(
          429,
          'Too many open requests',
          `You have ${open} card spending requests open. Use or cancel one first.`,
        );
      const created = await createRequest(tx, {
        potId,
        memberId: membership.memberId,
        userId: caller.userId,
        amountPence: body.amountPence,
        note: body.note?.trim() || null,
        expiresAt: new Date(Date.now() + VALID_MS),
      });
      const what = `${membership.name} asked to spend up to ${formatPence(body.amountPence)} with their card${created.note ? ` (${created.note})` : ''}`;
      await recordActivity(tx, potId, caller, 'spend_approval.requested', what);
      await notifyPotMembers(tx, potId, {
        kind: 'card_spend_approval',
        eventKey: created.id,
        title: `${what}: approve or decline it`,
        exceptUserId: caller.userId,
      });
      return created;
    });
    return this.view(row, caller.userId);
  }

  /**
   * Another member approves or declines a waiting request (the first answer stands: a conditional update);
   * its requester cancels it while it waits or is unused. Repeating an answer answers the same.
   */
  async decide({ caller, potId, approvalId, decision }: DecideSpendApprovalCommand): Promise<SpendApproval> {
    const row = await this.work.transaction(async (tx) => {
      const membership = await requireMember(tx, potId, caller.userId);
      const current = await requestIn(tx, potId, approvalId);
      if (!current) throw notFound();
      const mine = current.memberId === membership.memberId;
      const amount = formatPence(Number(current.amountPence));
      if (decision === 'cancel') {
        if (!mine) throw ProblemError.of(403, 'Not allowed', 'Only who asked can cancel their request.');
        if (current.status === 'cancelled') return current;
        const changed = await changeIf(tx, current, ['pending', 'approved'], {
          status: 'cancelled',
          decidedByMemberId: membership.memberId,
          decidedAt: new Date(),
        });
        if (current.status === 'approved') await announceSpendApproval(tx, changed, { withdrawn: true });
        await recordActivity(
          tx,
          potId,
          caller,
          'spend_approval.cancelled',
          `${membership.name} cancelled their request to spend ${amount}`,
        );
        return changed;
      }
      if (mine)
        throw ProblemError.of(403, 'Not allowed', 'A second member must answer your request, not you.');
      await requireOpenPot(tx, potId, 'approve card spending');
      const answer = decision === 'approve' ? 'approved' : 'declined';
      if (current.status === answer && current.decidedByMemberId) return current;
      // Approved now: usable for the full time from this moment.
      const changed = await changeIf(tx, current, ['pending'], {
        status: answer,
        decidedByMemberId: membership.memberId,
        decidedAt: new Date(),
        ...(answer === 'approved' && { expiresAt: new Date(Date.now() + VALID_MS) }),
      });
      if (answer === 'approved') await announceSpendApproval(tx, changed, { withdrawn: false });
      const requesterName = await memberName(tx, current.memberId);
      await recordActivity(
        tx,
        potId,
        caller,
        `spend_approval.${answer}`,
        `${membership.name} ${answer} ${requesterName}'s card payment of up to ${amount}`,
      );
      return changed;
    });
    // A card payment may follow at once: payments should hear of the approval now, not at the next poll.
    this.outbox.kick();
    return this.view(row, caller.userId);
  }

  /** The pot's open requests and the last ones answered, newest first: members only. */
  async list({ caller, potId }: ListSpendApprovalsQuery): Promise<SpendApproval[]> {
    await requireMember(this.work.alone, potId, caller.userId);
    const rows = await latestRequests(this.work.alone, potId, LISTED);
    const names = await this.namesOf(rows);
    return rows.map((row) => toView(row, caller.userId, names));
  }

  /** Payments used the approval for a card payment, or freed it again (applyApprovalUse). */
  async applyUse(change: SpendApprovalUseChanged): Promise<void> {
    await applyApprovalUse(this.work.alone, change);
  }

  private async view(row: SpendApprovalRow, userId: string): Promise<SpendApproval> {
    return toView(row, userId, await this.namesOf([row]));
  }

  private async namesOf(rows: SpendApprovalRow[]): Promise<Map<string, string>> {
    const ids = [...new Set(rows.flatMap((row) => [row.memberId, row.decidedByMemberId ?? row.memberId]))];
    const members = await memberNames(this.work.alone, ids);
    return new Map(members.map(({ id, name }) => [id, name]));
  }
}

/** Payments uses approvals with card payments: it hears of each one granted, and of each one withdrawn. */
async function announceSpendApproval(
  tx: Tx,
  row: SpendApprovalRow,
  { withdrawn }: { withdrawn: boolean },
): Promise<void> {
  await enqueue(
    tx,
    outboxMessage(PotsJobs.spendApprovalChanged, {
      approvalId: row.id,
      potId: row.potId,
      userId: row.userId,
      amountPence: Number(row.amountPence),
      expiresAt: row.expiresAt.toISOString(),
      withdrawn,
    }),
  );
}

/** Moves `row` on only from one of `from` (a concurrent answer got there first otherwise: 409 naming it). */
async function changeIf(
  tx: Tx,
  row: SpendApprovalRow,
  from: string[],
  data: Partial<Pick<SpendApprovalRow, 'status' | 'decidedByMemberId' | 'decidedAt' | 'expiresAt'>>,
): Promise<SpendApprovalRow> {
  if (!(await changeRequestIf(tx, row.id, from, data))) {
    const now = await requestById(tx, row.id);
    throw ProblemError.of(409, 'Already answered', `This request is ${statusOf(now)}.`);
  }
  return requestById(tx, row.id);
}

function toView(row: SpendApprovalRow, userId: string, names: Map<string, string>): SpendApproval {
  return {
    id: row.id,
    potId: row.potId,
    memberId: row.memberId,
    requesterName: names.get(row.memberId) ?? 'A former member',
    requestedByYou: row.userId === userId,
    amountPence: Number(row.amountPence),
    note: row.note,
    status: statusOf(row),
    decidedByName: row.decidedByMemberId ? (names.get(row.decidedByMemberId) ?? 'A former member') : null,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    usedAt: row.usedAt?.toISOString() ?? null,
  };
}
