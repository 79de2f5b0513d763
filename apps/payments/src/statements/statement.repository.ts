import { Injectable } from '@nestjs/common';

import { PrismaService } from '../prisma.service';

/** Statement months are UK calendar months. */
const STATEMENT_TIME_ZONE = 'Europe/London';

export interface Bounds {
  from_at: Date;
  to_at: Date;
  /** The account's last posting before the month, and its last one before the month ended (0 = none). */
  before_from: bigint;
  before_to: bigint;
  opening: bigint | null;
}

export interface EntryRow {
  transaction_id: string;
  created_at: Date;
  kind: string;
  description: string;
  amount_pence: bigint;
  balance_after: bigint;
  fee_pence: string | null;
  user_id: string | null;
  idempotency_key: string;
  /** The card authorisation a capture or release names (payments records it with the posting). */
  authorization_id: string | null;
}

/** The ledger as a statement reads it: one account's postings, cut into UK calendar months. */
@Injectable()
export class StatementRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The month's bounds in time and in the account's own sequence, and the balance it opened with. */
  async monthBounds(accountId: string, month: string): Promise<Bounds> {
    const [bounds] = await this.prisma.$queryRawUnsafe<Bounds[]>(
      `WITH month AS (
         SELECT ($2 || '-01')::timestamp AT TIME ZONE $3 AS from_at,
                (($2 || '-01')::date + interval '1 month')::timestamp AT TIME ZONE $3 AS to_at
       ), cut AS (
         SELECT month.from_at, month.to_at,
                COALESCE((SELECT max(account_sequence) FROM ledger_postings
                           WHERE account_id = $1 AND created_at < month.from_at), 0) AS before_from,
                COALESCE((SELECT max(account_sequence) FROM ledger_postings
                           WHERE account_id = $1 AND created_at < month.to_at), 0) AS before_to
           FROM month
       )
       SELECT cut.*, (SELECT balance_after FROM ledger_postings
                       WHERE account_id = $1 AND account_sequence = cut.before_from) AS opening
         FROM cut`,
      accountId,
      month,
      STATEMENT_TIME_ZONE,
    );
    return bounds;
  }

  /** The account's postings within the month's sequence bounds, oldest first. */
  entriesWithin(accountId: string, bounds: Bounds): Promise<EntryRow[]> {
    return this.prisma.$queryRawUnsafe<EntryRow[]>(
      `SELECT p.transaction_id::text, p.created_at, t.kind, t.description, p.amount_pence, p.balance_after,
              t.metadata->>'feePence' AS fee_pence, t.metadata->>'userId' AS user_id, t.idempotency_key,
              t.metadata->>'authorizationId' AS authorization_id
         FROM ledger_postings p JOIN ledger_transactions t ON t.id = p.transaction_id
        WHERE p.account_id = $1 AND p.account_sequence > $2 AND p.account_sequence <= $3
        ORDER BY p.account_sequence`,
      accountId,
      bounds.before_from,
      bounds.before_to,
    );
  }
}
