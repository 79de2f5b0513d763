import type { DecideAuthorizationCommand } from '@kitty/contracts';
import { Injectable } from '@nestjs/common';

import type { CardAuthorization, Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma.service';

export type CardAuthorizationRow = CardAuthorization;
export type Tx = Prisma.TransactionClient;

/** What the card lookup needs of `virtual_cards`: whose card it is and whether it may be used. */
export interface CardOwner {
  userId: string;
  stripeAccountId: string;
  status: string;
}

export interface Verdict {
  decision: 'approved' | 'declined';
  reason: string | null;
  potId: string | null;
  heldPence: number;
}

@Injectable()
export class CardAuthorizationRepository {
  constructor(private readonly prisma: PrismaService) {}

  findCard(stripeCardId: string): Promise<CardOwner | null> {
    return this.prisma.virtualCard.findUnique({
      where: { stripeCardId },
      select: { userId: true, stripeAccountId: true, status: true },
    });
  }

  /** The authorisation's row, created on its first delivery (a redelivery finds the same row). */
  async record(command: DecideAuthorizationCommand, userId: string | null): Promise<CardAuthorizationRow> {
    await this.prisma.cardAuthorization.createMany({
      data: [
        {
          stripeAuthorizationId: command.authorizationId,
          stripeCardId: command.cardId,
          stripeAccountId: command.account,
          userId,
          amountPence: command.amountPence,
          currency: command.currency,
          merchantName: command.merchantName,
        },
      ],
      skipDuplicates: true,
    });
    return this.prisma.cardAuthorization.findUniqueOrThrow({
      where: { stripeAuthorizationId: command.authorizationId },
    });
  }

  /**
   * Records the first decision only (`decision IS NULL`), then reads back whichever decision won: two
   * concurrent deliveries of one authorisation answer alike.
   */
  async decideOnce(id: string, verdict: Verdict): Promise<CardAuthorizationRow> {
    await this.prisma.cardAuthorization.updateMany({
      where: { id, decision: null },
      data: {
        decision: verdict.decision,
        declineReason: verdict.reason,
        potId: verdict.potId,
        holdRemainingPence: verdict.heldPence,
        status: verdict.decision === 'approved' ? 'pending' : 'closed',
        decidedAt: new Date(),
      },
    });
    return this.prisma.cardAuthorization.findUniqueOrThrow({ where: { id } });
  }

  /** Runs `work` holding the authorisation's row lock; null row when Kitty never saw it. */
  inLockedAuthorization<T>(
    stripeAuthorizationId: string,
    work: (tx: Tx, row: CardAuthorizationRow | null) => Promise<T>,
  ): Promise<T> {
    return this.prisma.$transaction(
      async (tx) => {
        const rows = await tx.$queryRaw<{ id: string }[]>`
          SELECT id FROM card_authorizations WHERE stripe_authorization_id = ${stripeAuthorizationId} FOR UPDATE`;
        const row = rows[0]
          ? await tx.cardAuthorization.findUniqueOrThrow({ where: { id: rows[0].id } })
          : null;
        return work(tx, row);
      },
      // The work calls the payments service; its RPC deadline is 5 s.
      { timeout: 15_000 },
    );
  }

  /** Marks a Stripe transaction applied; false when it already was. */
  async claimTransaction(
    tx: Tx,
    authorizationId: string,
    transaction: { id: string; type: string; amountPence: number },
  ): Promise<boolean> {
    const { count } = await tx.cardTransaction.createMany({
      data: [
        {
          stripeTransactionId: transaction.id,
          authorizationId,
          type: transaction.type,
          amountPence: transaction.amountPence,
        },
      ],
      skipDuplicates: true,
    });
    return count === 1;
  }

  /** Stripe did not approve it: nothing stays held, and a decision still being made can no longer land. */
  closeUnapproved(tx: Tx, id: string) {
    return tx.$executeRaw`
      UPDATE card_authorizations
         SET decision = COALESCE(decision, 'declined'), decline_reason = COALESCE(decline_reason, 'stripe_declined'),
             hold_remaining_pence = 0, status = 'closed', updated_at = now()
       WHERE id = ${id}::uuid`;
  }

  settle(tx: Tx, id: string, data: { holdRemainingPence: number; status: string }) {
    return tx.cardAuthorization.update({ where: { id }, data });
  }
}
