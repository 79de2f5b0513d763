import { type DecideAuthorizationCommand, NotificationsJobs } from '@kitty/contracts';
import { outboxMessage } from '@kitty/nest-common';
import { Injectable } from '@nestjs/common';

import type { CardAuthorization, Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma.service';

export type CardAuthorizationRow = CardAuthorization;
export type Tx = Prisma.TransactionClient;

/** What a decision needs of the card: whose it is and whether it may be used. */
export interface CardOwner {
  userId: string;
  status: string;
}

/** An authorisation's row as the decision finds it, and its card's owner (null: no such card of theirs). */
export interface RecordedAuthorization {
  id: string;
  decision: string | null;
  owner: CardOwner | null;
}

export interface Verdict {
  decision: 'approved' | 'declined';
  reason: string | null;
  potId: string | null;
  heldPence: number;
  /** What the card holder is told of a decline they can act on (a pot rule), in the decision's transaction. */
  notice?: { userId: string; title: string; body: string };
}

/** The first decision only (`decision IS NULL`); answers the decision it recorded, nothing when one was there. */
const RECORD_DECISION = `
  UPDATE card_authorizations
     SET decision = $2, decline_reason = $3, pot_id = $4::uuid, hold_remaining_pence = $5, status = $6,
         decided_at = now(), updated_at = now()
   WHERE id = $1::uuid AND decision IS NULL
  RETURNING decision`;

const decisionValues = (id: string, verdict: Verdict) => [
  id,
  verdict.decision,
  verdict.reason,
  verdict.potId,
  verdict.heldPence,
  verdict.decision === 'approved' ? 'pending' : 'closed',
];

@Injectable()
export class CardAuthorizationRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The user's purchases, newest first. */
  listOfUser(userId: string) {
    return this.prisma.cardAuthorization.findMany({ where: { userId }, orderBy: { createdAt: 'desc' } });
  }

  /**
   * The authorisation's id and decision so far, with its card's owner: the card named, when the event names
   * no account or the card's own (card ids are unique across Stripe). The row is created on the first
   * delivery and a redelivery finds the same row; one statement, the no-op update making an existing row
   * come back too.
   */
  async record(command: DecideAuthorizationCommand): Promise<RecordedAuthorization> {
    // Past Prisma's query path (ADR 0017): every authorisation Stripe waits on runs it.
    const [row] = await this.prisma.directRows<{
      id: string;
      decision: string | null;
      userId: string | null;
      status: string | null;
    }>(
      `WITH owner AS (
         SELECT user_id, status FROM virtual_cards
          WHERE stripe_card_id = $1 AND ($2::text IS NULL OR stripe_account_id = $2::text)
       ), recorded AS (
         INSERT INTO card_authorizations
           (id, stripe_authorization_id, stripe_card_id, stripe_account_id, user_id, amount_pence, currency,
            merchant_name, updated_at)
         VALUES (gen_random_uuid(), $3, $1, $2, (SELECT user_id FROM owner), $4, $5, $6, now())
         ON CONFLICT (stripe_authorization_id) DO UPDATE SET stripe_authorization_id = EXCLUDED.stripe_authorization_id
         RETURNING id, decision
       )
       SELECT recorded.id, recorded.decision, owner.user_id AS "userId", owner.status
         FROM recorded LEFT JOIN owner ON true`,
      command.cardId,
      command.account,
      command.authorizationId,
      command.amountPence,
      command.currency,
      command.merchantName,
    );
    const { id, decision, userId, status } = row;
    return { id, decision, owner: userId && status ? { userId, status } : null };
  }

  /**
   * Records the first decision only (`decision IS NULL`) and returns whichever decision won: two
   * concurrent deliveries of one authorisation answer alike.
   */
  async decideOnce(id: string, verdict: Verdict): Promise<string> {
    const { notice } = verdict;
    const values = decisionValues(id, verdict);
    const updated = notice
      ? await this.prisma.$transaction(async (tx) => {
          const rows = await tx.$queryRawUnsafe<{ decision: string }[]>(RECORD_DECISION, ...values);
          if (rows[0])
            await tx.outboxMessage.create({
              data: outboxMessage(NotificationsJobs.notify, {
                key: `card_declined:${id}`,
                userId: notice.userId,
                kind: 'card_purchase',
                title: notice.title,
                body: notice.body,
                link: verdict.potId ? `/pot/${verdict.potId}` : '/',
              }),
            });
          return rows;
        })
      : await this.prisma.directRows<{ decision: string }>(RECORD_DECISION, ...values);
    if (updated[0]) return updated[0].decision;
    const row = await this.prisma.cardAuthorization.findUniqueOrThrow({
      where: { id },
      select: { decision: true },
    });
    return row.decision ?? verdict.decision;
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
