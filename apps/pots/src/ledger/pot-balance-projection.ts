import { type CardPurchaseCaptured, type PotBalanceChanged, potTopic } from '@kitty/contracts';
import { formatPence } from '@kitty/money';
import { type DirectRows, directRowsIn, LivePublisher } from '@kitty/nest-common';
import { Injectable } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';

import { addActivity, addNewActivity } from '../core/activity.repository';
import { memberOf } from '../core/members.repository';
import { notifyPotMembers } from '../core/pot-notifications';
import { potNameAndMembers } from '../core/pot-rows.repository';
import { type Tx, UnitOfWork } from '../core/unit-of-work';
import { type AppliedRow, applyPotBalance } from './pot-balance.repository';

type Kind = PotBalanceChanged['kind'];

const CREDIT_KINDS: ReadonlySet<Kind> = new Set([
  'top_up',
  'expense_reversal',
  'withdrawal_released',
  'card_release',
]);
/** Spending: an expense or a card payment, and their undoing. Top-ups and withdrawals are not spending. */
const SPENDING_KINDS: ReadonlySet<Kind> = new Set([
  'expense',
  'expense_reversal',
  'card_hold',
  'card_capture',
  'card_release',
]);

/**
 * The pot-paid expense's own debit and its refund: the expense's shares move positions (the expenses
 * service records them). Every other move is a member's own money in or out of the pot — a top-up, a
 * withdrawal, a card payment, and their undoing — and counts for the member who made it.
 */
const EXPENSE_KINDS: ReadonlySet<Kind> = new Set(['expense', 'expense_reversal']);

/** How much the move changes its maker's position: the pot's balance change, unless an expense made it. */
export function positionChange(event: Pick<PotBalanceChanged, 'kind' | 'amountPence'>): number {
  return EXPENSE_KINDS.has(event.kind) ? 0 : event.amountPence;
}

/** Who a move is shown against when the ledger names nobody (or someone no longer findable in the pot). */
function systemLabel(kind: Kind): string {
  return kind.startsWith('card_') ? 'Card purchase' : 'Kitty';
}

/** What one ledger transaction adds to the pot's running totals (each applied exactly once). */
export function totalsDelta(event: Pick<PotBalanceChanged, 'kind' | 'amountPence'>) {
  return {
    addedPence: event.kind === 'top_up' ? event.amountPence : 0,
    spentPence: SPENDING_KINDS.has(event.kind) ? -event.amountPence : 0,
  };
}

/**
 * Kinds whose newly recorded transaction also writes activity or notices (see followUp). A card purchase
 * is announced by its own event (recordCardPurchase), with its whole amount, held first or not.
 */
const FOLLOWED_UP_KINDS: ReadonlySet<Kind> = new Set(['top_up', 'withdrawal']);

/** The event's common part in one statement; a pot that does not exist fails the job without retry. */
async function applyToPot(rows: DirectRows, event: PotBalanceChanged): Promise<AppliedRow> {
  const delta = totalsDelta(event);
  const row = await applyPotBalance(rows, {
    potId: event.potId,
    balancePence: event.balancePence,
    sequence: event.sequence,
    userId: event.userId,
    direction: CREDIT_KINDS.has(event.kind) ? 'credit' : 'debit',
    description: event.description,
    amountPence: Math.abs(event.amountPence),
    transactionKey: `ledger:${event.transactionId}`,
    occurredAt: event.occurredAt,
    systemLabel: systemLabel(event.kind),
    addedPence: delta.addedPence,
    spentPence: delta.spentPence,
    positionChange: positionChange(event),
  });
  // Pots are never deleted, so no retry will ever find it: fail the job visibly instead.
  if (!row) throw new UnrecoverableError(`Balance event for unknown pot ${event.potId}`);
  return row;
}

/**
 * Keeps the pots service's copy of a pot's money in step with the payments ledger. Events may come twice
 * and in any order: the balance only moves forward by `sequence`, and everything counted per transaction
 * (its row, the totals, the member's contribution) hangs off inserting that transaction's row, which
 * happens once.
 */
@Injectable()
export class PotBalanceProjection {
  constructor(
    private readonly work: UnitOfWork,
    private readonly live: LivePublisher,
  ) {}

  /** Applies the event, then tells the members' open tabs that the pot's money moved. */
  async apply(event: PotBalanceChanged): Promise<void> {
    const members = await this.project(event);
    await this.live.publish(members, [potTopic(event.potId), 'pots']);
  }

  /**
   * Returns the pot's current members (by user id), read inside the transaction that moved the money. The
   * common part is one statement (pot_balance_apply), run direct (ADR 0017) when it is all there is: a card
   * payment, a pot-paid expense's debit or refund. A member's own money moves their position there and
   * marks the settle-up plan stale for the next read to work out. A top-up or a withdrawal also adds
   * activity and notices, in the same transaction.
   */
  private async project(event: PotBalanceChanged): Promise<string[]> {
    const applied = FOLLOWED_UP_KINDS.has(event.kind)
      ? await this.work.transaction(async (tx) => {
          const row = await applyToPot(directRowsIn(tx), event);
          if (row.inserted) await this.followUp(tx, event, row);
          return row;
        })
      : await applyToPot(this.work.directRows, event);
    return applied.member_user_ids;
  }

  /** Activity and notices of a newly recorded top-up, withdrawal or card capture. */
  private async followUp(tx: Tx, event: PotBalanceChanged, applied: AppliedRow): Promise<void> {
    const { userId } = event;
    const name = applied.member_name;
    if (name !== null && userId && (event.kind === 'top_up' || event.kind === 'withdrawal')) {
      const verb = event.kind === 'top_up' ? 'added' : 'withdrew';
      await addActivity(tx, {
        potId: event.potId,
        actorUserId: userId,
        actorName: name,
        type: event.kind === 'top_up' ? 'pot.topped_up' : 'pot.withdrawn',
        summary: `${name} ${verb} ${formatPence(Math.abs(event.amountPence))}`,
      });
      // Every withdrawal from a pot is announced to its other members, in the app and by
      // e-mail as each of them chose; the withdrawer hears of it as their own withdrawal.
      if (event.kind === 'withdrawal')
        await notifyPotMembers(tx, event.potId, {
          kind: 'pot_withdrawal',
          eventKey: event.transactionId,
          title: `${name} withdrew ${formatPence(Math.abs(event.amountPence))} to their bank`,
          exceptUserId: userId,
        });
      if (event.kind === 'top_up')
        await notifyPotMembers(tx, event.potId, {
          kind: 'pot_funded',
          eventKey: event.transactionId,
          title: `${name} added ${formatPence(Math.abs(event.amountPence))}`,
          exceptUserId: userId,
        });
    }
  }

  /**
   * A purchase paid with the pot's card: once in the pot's Activity ("Ann paid £4.50 at Café Nero with the
   * pot's card") and told to every member, the cardholder too (they hear their card was used). The entry's
   * id is the ledger transaction's, so a redelivered event adds nothing.
   */
  async recordCardPurchase(purchase: CardPurchaseCaptured): Promise<void> {
    const members = await this.work.transaction(async (tx) => {
      const pot = await potNameAndMembers(tx, purchase.potId);
      if (!pot) throw new UnrecoverableError(`Card purchase for unknown pot ${purchase.potId}`);
      // The cardholder as the pot names them, even if they have left it since.
      const cardholder = await memberOf(tx, purchase.potId, purchase.userId);
      const name = cardholder?.name ?? 'A member';
      const summary = `${name} paid ${formatPence(purchase.amountPence)} at ${purchase.merchant} with the pot's card`;
      const count = await addNewActivity(tx, [
        {
          id: purchase.transactionId,
          potId: purchase.potId,
          actorUserId: purchase.userId,
          actorName: name,
          type: 'pot.card_purchase',
          summary,
          createdAt: new Date(purchase.occurredAt),
        },
      ]);
      if (count > 0)
        await notifyPotMembers(tx, purchase.potId, {
          kind: 'card_purchase',
          eventKey: purchase.transactionId,
          title: summary,
          exceptUserId: null,
        });
      return pot.members.flatMap(({ userId }) => (userId ? [userId] : []));
    });
    await this.live.publish(members, [potTopic(purchase.potId)]);
  }
}
