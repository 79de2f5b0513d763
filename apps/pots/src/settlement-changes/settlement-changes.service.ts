import type { Settlement, UndoSettlementCommand, UpdateSettlementCommand } from '@kitty/contracts';
import { formatPence } from '@kitty/money';
import { ProblemError } from '@kitty/nest-common';
import { Injectable } from '@nestjs/common';

import { currentMembersAmong } from '../balances/balances.repository';
import { toSettlement } from '../balances/balances.service';
import { recordActivity } from '../core/activity';
import { nameOf, peopleOf } from '../core/confirmation';
import { movePositions, repaymentChange } from '../core/expense-effects';
import { type Membership, requireMember, requireOpenPot } from '../core/pot-access';
import { lockPot } from '../core/pot-rows.repository';
import { type Tx, UnitOfWork } from '../core/unit-of-work';
import type { Settlement as SettlementRow } from '../generated/prisma/client';
import {
  markSettlementUndone,
  setSettlementAmount,
  settlementIn,
} from './settlement-changes.repository';

const settlementNotFound = () => ProblemError.of(404, 'Payment not found');

/**
 * Correcting and undoing a recorded payment. A confirmed payment's effect on the two
 * positions moves with it, under the pot's lock, and the plan follows; a pending one moves nothing yet.
 * Either of its two people or the owner may do it, and the feed records what changed. A payment made with
 * Kitty moved real money between wallets, so it stands: a new payment corrects it.
 */
@Injectable()
export class SettlementChangesService {
  constructor(private readonly work: UnitOfWork) {}

  async update({ caller, potId, settlementId, body }: UpdateSettlementCommand): Promise<Settlement> {
    return this.work.transaction(async (tx) => {
      const settlement = await this.changeable(tx, potId, settlementId, caller.userId, 'change');
      if (!settlement) throw settlementNotFound();
      const people = await peopleOf(tx, potId);
      const before = Number(settlement.amountPence);
      if (before === body.amountPence) return toSettlement(settlement, people);
      if (settlement.status === 'confirmed') await move(tx, settlement, body.amountPence - before);
      const updated = await setSettlementAmount(tx, settlementId, body.amountPence);
      await recordActivity(
        tx,
        potId,
        caller,
        'settlement.edited',
        `${caller.name} changed "${describe(settlement, people.byMemberId)}" from ${formatPence(before)} to ` +
          formatPence(body.amountPence),
      );
      return toSettlement(updated, people);
    });
  }

  /** Undoing twice changes nothing the second time. */
  async undo({ caller, potId, settlementId }: UndoSettlementCommand): Promise<void> {
    await this.work.transaction(async (tx) => {
      const settlement = await this.changeable(tx, potId, settlementId, caller.userId, 'undo');
      if (!settlement) return;
      if (settlement.status === 'confirmed') await move(tx, settlement, -Number(settlement.amountPence));
      await markSettlementUndone(tx, settlementId, caller.userId);
      const people = await peopleOf(tx, potId);
      await recordActivity(
        tx,
        potId,
        caller,
        'settlement.undone',
        `${caller.name} undid "${describe(settlement, people.byMemberId)} ${formatPence(Number(settlement.amountPence))}"`,
      );
    });
  }

  /** The payment, its pot locked, if the caller may change it now; null once undone. */
  private async changeable(
    tx: Tx,
    potId: string,
    settlementId: string,
    userId: string,
    action: 'change' | 'undo',
  ): Promise<SettlementRow | null> {
    const membership = await requireMember(tx, potId, userId);
    await requireOpenPot(tx, potId, `${action} payments`);
    await lockPot(tx, potId);
    const settlement = await settlementIn(tx, potId, settlementId);
    if (!settlement || settlement.status === 'declined') throw settlementNotFound();
    if (settlement.undoneAt) return null;
    if (!mayChange(settlement, membership))
      throw ProblemError.of(
        403,
        'Not allowed',
        'Only the two people in a payment or the pot owner can change it.',
      );
    if (settlement.ledgerTransactionId)
      throw ProblemError.of(
        409,
        'Paid with Kitty',
        'This payment moved money between Kitty wallets, so it stands: record a new payment to correct it.',
      );
    if (settlement.status === 'confirmed') {
      const current = await currentMembersAmong(tx, potId, [settlement.fromMemberId, settlement.toMemberId]);
      if (current !== 2)
        throw ProblemError.of(409, 'Members have changed', 'Someone in this payment has left the pot.');
    }
    return settlement;
  }
}

const mayChange = (settlement: SettlementRow, membership: Membership) =>
  membership.role === 'owner' ||
  membership.memberId === settlement.fromMemberId ||
  membership.memberId === settlement.toMemberId;

/** `pence` more paid from → to (negative: less): the payer's debt and the payee's credit move together. */
async function move(tx: Tx, settlement: SettlementRow, pence: number) {
  await movePositions(
    tx,
    settlement.potId,
    repaymentChange(settlement.fromMemberId, settlement.toMemberId, pence),
  );
}

const describe = (settlement: SettlementRow, names: Map<string, string>) =>
  `${nameOf(names, settlement.fromMemberId)} paid ${nameOf(names, settlement.toMemberId)}`;
