// The migrations that replaced the ledger's tombstones with card_authorizations, on a database made by the
// schema before them: every card hold the ledger placed becomes its authorisation's row (released if it was
// reversed), a voided card-hold key becomes a row released before its hold, other voided keys are dropped
// with their table, and ledger_post takes no lock (the release before still calls it with one while it rolls
// out, and its holds of released authorisations are refused).
import { createHash, randomUUID } from 'node:crypto';

import type { DatabaseBeforeMigration } from '@kitty/testing';

import { type PaymentsConfig } from '../config';
import { PlatformAccount, potAccount } from '../ledger/accounts';
import { type LedgerEntry, LedgerService } from '../ledger/ledger.service';
import { PrismaService } from '../prisma.service';
import { paymentsDatabaseBefore } from '../testing/database-before-migration';
import { CardAuthorizationRepository } from './card-authorization.repository';
import { cardHoldKey } from './card-money.service';

describe('card authorisations instead of voided keys (PostgreSQL)', () => {
  const potId = randomUUID();
  const userId = randomUUID();
  const expenseId = randomUUID();

  /**
   * A posting as the release before calls the ledger: ledger_post with its lock argument (after the migration,
   * the function kept for that release while it rolls out), the request hashed as always.
   */
  const postBefore = (
    before: DatabaseBeforeMigration,
    key: string,
    kind: string,
    legs: [string, number][],
    reverses: string | null = null,
  ) =>
    before.sql.query<{ outcome: string; transaction_id: string }>(
      `SELECT outcome, transaction_id FROM ledger_post(
         0, $1, $8, $2, 'Tesco', jsonb_build_object('userId', $3::text), $4::uuid, $5::text[],
         (SELECT array_agg(CASE WHEN starts_with(a, 'pot:') THEN 'pot' ELSE 'platform' END) FROM unnest($5::text[]) a),
         (SELECT array_agg(CASE WHEN starts_with(a, 'pot:') THEN $6::uuid END) FROM unnest($5::text[]) a),
         (SELECT array_agg(NOT starts_with(a, 'pot:')) FROM unnest($5::text[]) a),
         $7::bigint[])
       LIMIT 1`,
      [
        key,
        kind,
        userId,
        reverses,
        legs.map(([account]) => account),
        potId,
        legs.map(([, pence]) => pence),
        requestHash(kind, legs),
      ],
    );
  /** SHA-256 of the kind and the legs by whole account, as LedgerService hashes every request. */
  const requestHash = (kind: string, legs: [string, number][]) =>
    createHash('sha256')
      .update(
        JSON.stringify({
          kind,
          postings: legs
            .map(([account, pence]) => [account.replace(/\/\d{2}$/, ''), String(pence)])
            .sort(([a], [b]) => (a < b ? -1 : 1)),
        }),
      )
      .digest('hex');
  const pot = potAccount(potId);
  const holds = `${PlatformAccount.cardHolds}/00`;

  it('hands holds and voided card-hold keys to card_authorizations, and drops the rest with the table', async () => {
    const before = await paymentsDatabaseBefore('_card_authorizations');
    const { sql } = before;
    let prisma: PrismaService | undefined;
    try {
      await sql.query(`SET search_path TO payments`);
      await postBefore(before, 'topup:1', 'top_up', [
        [`${PlatformAccount.stripeClearing}/00`, -5000],
        [pot, 5000],
      ]);
      // A hold still held, and one Stripe closed after it was placed (reversed).
      await postBefore(before, cardHoldKey('iauth_held'), 'card_hold', [
        [holds, 700],
        [pot, -700],
      ]);
      const [closed] = (
        await postBefore(before, cardHoldKey('iauth_closed'), 'card_hold', [
          [holds, 300],
          [pot, -300],
        ])
      ).rows;
      await postBefore(
        before,
        `reversal:${cardHoldKey('iauth_closed')}`,
        'card_release',
        [
          [holds, -300],
          [pot, 300],
        ],
        closed.transaction_id,
      );
      // Stripe closed one before its hold was placed; and a pot-paid expense whose compensation found nothing.
      await sql.query(
        `INSERT INTO ledger_voided_keys (idempotency_key, reason) VALUES ($1, 'Card payment declined'), ($2, 'Timed out')`,
        [cardHoldKey('iauth_early'), `expense:${expenseId}`],
      );

      before.migrateToNow();

      const { rows } = await sql.query(
        `SELECT authorization_id, state, pot_id, user_id, held_pence::int, released_pence::int, release_reason
           FROM card_authorizations ORDER BY authorization_id`,
      );
      expect(rows).toEqual([
        {
          authorization_id: 'iauth_closed',
          state: 'released',
          pot_id: potId,
          user_id: userId,
          held_pence: 300,
          released_pence: 300,
          release_reason: 'Tesco',
        },
        {
          authorization_id: 'iauth_early',
          state: 'released',
          pot_id: null,
          user_id: null,
          held_pence: 0,
          released_pence: 0,
          release_reason: 'Card payment declined',
        },
        {
          authorization_id: 'iauth_held',
          state: 'held',
          pot_id: potId,
          user_id: userId,
          held_pence: 700,
          released_pence: 0,
          release_reason: null,
        },
      ]);
      const table = await sql.query(`SELECT to_regclass('payments.ledger_voided_keys') AS name`);
      expect(table.rows[0].name).toBeNull();
      // The release still rolling out: its hold of an authorisation released here is refused; others post.
      const late = await postBefore(before, cardHoldKey('iauth_early'), 'card_hold', [
        [holds, 100],
        [pot, -100],
      ]);
      expect(late.rows.map((row) => row.outcome)).toEqual(['voided']);
      const other = await postBefore(before, cardHoldKey('iauth_other'), 'card_hold', [
        [holds, 100],
        [pot, -100],
      ]);
      expect(other.rows.map((row) => row.outcome)).toEqual(['posted']);

      // What the rows do: the redelivered decisions of the released authorisations hold nothing, the held one
      // replays, and the expense's key posts like any other.
      const db = new PrismaService({ DATABASE_URL: before.url, DATABASE_POOL_SIZE: 2 } as PaymentsConfig);
      prisma = db;
      const ledger = new LedgerService();
      const repository = new CardAuthorizationRepository();
      const hold = (authorizationId: string, amountPence: number) => {
        const entry: LedgerEntry = {
          idempotencyKey: cardHoldKey(authorizationId),
          kind: 'card_hold',
          description: 'Tesco',
          userId,
          postings: [
            { accountId: pot, amountPence: -BigInt(amountPence) },
            { accountId: PlatformAccount.cardHolds, amountPence: BigInt(amountPence) },
          ],
        };
        return ledger.postAloneIfClaimed(
          db.directRows,
          repository.holdClaim({ authorizationId, potId, userId, amountPence }),
          entry,
        );
      };
      await expect(hold('iauth_early', 100)).resolves.toBeNull();
      await expect(hold('iauth_closed', 300)).resolves.toBeNull();
      await expect(hold('iauth_held', 700)).resolves.toMatchObject({ replayed: true });
      await expect(
        db.$transaction((tx) =>
          ledger.post(tx, {
            idempotencyKey: `expense:${expenseId}`,
            kind: 'expense',
            description: 'Dinner',
            userId,
            postings: [
              { accountId: pot, amountPence: -1000n },
              { accountId: PlatformAccount.externalExpenses, amountPence: 1000n },
            ],
          }),
        ),
      ).resolves.toMatchObject({ replayed: false });
      await expect(ledger.balance(db, pot)).resolves.toBe(5000n - 700n - 100n - 1000n);
    } finally {
      await prisma?.$disconnect();
      await before.close();
    }
  }, 120_000);
});
