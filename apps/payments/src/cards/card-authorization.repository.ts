import { Injectable } from '@nestjs/common';

import type { PostingClaim } from '../ledger/ledger.service';
import type { Tx } from '../prisma.service';

/** What a card authorisation's hold places on the pot. */
export interface CardHold {
  authorizationId: string;
  potId: string;
  userId: string;
  amountPence: number;
}

/**
 * Payments' record of each card authorisation's hold (`card_authorizations`, by Stripe's authorisation id):
 * held, or released, and what its captures took. A hold and its release each write the row in the transaction of their ledger posting,
 * and each waits on the other's row lock, so Stripe closing an authorisation before its hold has committed
 * can never leave the hold standing: the later of the two sees what the earlier committed.
 */
@Injectable()
export class CardAuthorizationRepository {
  /**
   * The claim a hold stands on (its posting's own statement, `LedgerService.postAloneIfClaimed`): a new row
   * held with what the hold moves, or the row a redelivery of this decision wrote before, still held (the
   * ledger then replays the hold). A row already released (Stripe closed the authorisation first) answers
   * nothing, so nothing is held.
   */
  holdClaim(hold: CardHold): PostingClaim {
    return {
      sql: (first) =>
        `INSERT INTO card_authorizations (authorization_id, state, pot_id, user_id, held_pence)
         VALUES ($${first}, 'held', $${first + 1}::uuid, $${first + 2}::uuid, $${first + 3}::bigint)
         ON CONFLICT (authorization_id) DO UPDATE SET state = EXCLUDED.state
          WHERE card_authorizations.state = 'held'
         RETURNING authorization_id`,
      args: [hold.authorizationId, hold.potId, hold.userId, hold.amountPence],
    };
  }

  /**
   * Counts a capture on its authorisation's row, in the transaction of the capture's posting (only a new
   * posting: a replay counted already). An authorisation that held nothing (a card check) has no row, and
   * its capture is tied to it by its posting alone.
   */
  async recordCapture(tx: Tx, authorizationId: string, amountPence: number): Promise<void> {
    await tx.$executeRawUnsafe(
      `UPDATE card_authorizations SET captured_pence = captured_pence + $2::bigint WHERE authorization_id = $1`,
      authorizationId,
      amountPence,
    );
  }

  /**
   * Marks the authorisation released in the transaction that gives its hold back: a held row's whole hold,
   * or a new row with nothing held, which refuses the hold still to come. A release already made stays as it
   * was. Holds the row's lock to the caller's commit, so a hold in flight has either committed (and the
   * caller gives it back) or will find the row released.
   */
  async release(tx: Tx, authorizationId: string, reason: string): Promise<void> {
    await tx.$executeRawUnsafe(
      `INSERT INTO card_authorizations (authorization_id, state, release_reason, released_at)
       VALUES ($1, 'released', $2, now())
       ON CONFLICT (authorization_id) DO UPDATE
          SET state = 'released', released_pence = card_authorizations.held_pence,
              release_reason = EXCLUDED.release_reason, released_at = EXCLUDED.released_at
        WHERE card_authorizations.state = 'held'`,
      authorizationId,
      reason,
    );
  }
}
