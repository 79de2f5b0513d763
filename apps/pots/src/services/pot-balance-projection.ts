import { type PotBalanceChanged, potTopic } from '@kitty/contracts';
import { formatPence } from '@kitty/money';
import { LivePublisher } from '@kitty/nest-common';
import { Injectable } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';

import { PrismaService, type Tx } from '../prisma.service';
import { notifyPotMembers } from './pot-notifications';
import { lockPot } from './settle-plan';

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
 * Keeps the pots service's copy of a pot's money in step with the payments ledger. Events may come twice
 * and in any order: the balance only moves forward by `sequence`, and everything counted per transaction
 * (its row, the totals, the member's contribution) hangs off inserting that transaction's row, which
 * happens once.
 */
@Injectable()
export class PotBalanceProjection {
  constructor(
    private readonly prisma: PrismaService,
    private readonly live: LivePublisher,
  ) {}

  /** Applies the event, then tells the members' open tabs (issue 13 §2) that the pot's money moved. */
  async apply(event: PotBalanceChanged): Promise<void> {
    const members = await this.project(event);
    await this.live.publish(members, [potTopic(event.potId), 'pots']);
  }

  /** Returns the pot's current members (by user id), read inside the transaction that moved the money. */
  private project(event: PotBalanceChanged): Promise<string[]> {
    return this.prisma.$transaction(async (tx) => {
      // The pot's lock first, as every pot writer does (ADR 0006).
      await lockPot(tx, event.potId);
      const updated = await tx.$executeRawUnsafe(
        `UPDATE pots SET balance_pence = $2, balance_sequence = $3, updated_at = now()
          WHERE id = $1::uuid AND balance_sequence < $3`,
        event.potId,
        event.balancePence,
        event.sequence,
      );
      if (updated === 0 && !(await tx.pot.findUnique({ where: { id: event.potId }, select: { id: true } }))) {
        // Pots are never deleted, so no retry will ever find it: fail the job visibly instead.
        throw new UnrecoverableError(`Balance event for unknown pot ${event.potId}`);
      }
      await this.recordTransaction(tx, event);
      const members = await tx.potMember.findMany({
        where: { potId: event.potId, removedAt: null },
        select: { userId: true },
      });
      return members.flatMap((member) => (member.userId ? [member.userId] : []));
    });
  }

  private async recordTransaction(tx: Tx, event: PotBalanceChanged): Promise<void> {
    const { userId } = event;
    const member = userId
      ? await tx.potMember.findUnique({
          where: { potId_userId: { potId: event.potId, userId } },
          select: { id: true, name: true },
        })
      : null;
    const inserted = await tx.$executeRawUnsafe(
      `INSERT INTO pot_transactions (id, pot_id, type, description, member_name, amount_pence, source_ref, created_at)
       VALUES (gen_random_uuid(), $1::uuid, $2, $3, $4, $5, $6, $7::timestamptz)
       ON CONFLICT (source_ref) DO NOTHING`,
      event.potId,
      CREDIT_KINDS.has(event.kind) ? 'credit' : 'debit',
      event.description,
      member?.name ?? systemLabel(event.kind),
      Math.abs(event.amountPence),
      `ledger:${event.transactionId}`,
      event.occurredAt,
    );
    if (inserted === 0) return;

    const delta = totalsDelta(event);
    await tx.$executeRawUnsafe(
      `UPDATE pots SET total_added_pence = total_added_pence + $2, total_spent_pence = total_spent_pence + $3,
              transaction_count = transaction_count + 1
        WHERE id = $1::uuid`,
      event.potId,
      delta.addedPence,
      delta.spentPence,
    );
    if (member && delta.addedPence !== 0) {
      await tx.$executeRawUnsafe(
        `UPDATE pot_members SET added_pence = added_pence + $2 WHERE id = $1::uuid`,
        member.id,
        delta.addedPence,
      );
    }
    if (member && userId && (event.kind === 'top_up' || event.kind === 'withdrawal')) {
      const verb = event.kind === 'top_up' ? 'added' : 'withdrew';
      await tx.activityEvent.create({
        data: {
          potId: event.potId,
          actorUserId: userId,
          actorName: member.name,
          type: event.kind === 'top_up' ? 'pot.topped_up' : 'pot.withdrawn',
          summary: `${member.name} ${verb} ${formatPence(Math.abs(event.amountPence))}`,
        },
      });
      // Every withdrawal from a pot is announced to its other members (issue 13 §4), in the app and by
      // e-mail as each of them chose; the withdrawer hears of it as their own withdrawal.
      if (event.kind === 'withdrawal')
        await notifyPotMembers(tx, event.potId, {
          kind: 'pot_withdrawal',
          eventKey: event.transactionId,
          title: `${member.name} withdrew ${formatPence(Math.abs(event.amountPence))} to their bank`,
          exceptUserId: userId,
        });
      if (event.kind === 'top_up')
        await notifyPotMembers(tx, event.potId, {
          kind: 'pot_funded',
          eventKey: event.transactionId,
          title: `${member.name} added ${formatPence(Math.abs(event.amountPence))}`,
          exceptUserId: userId,
        });
    }
    if (event.kind === 'card_capture')
      await notifyPotMembers(tx, event.potId, {
        kind: 'card_purchase',
        eventKey: event.transactionId,
        title: `${event.description} — ${formatPence(Math.abs(event.amountPence))}`,
        exceptUserId: null,
      });
  }
}
