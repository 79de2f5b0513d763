import type { PaymentAccountChangedJob } from '@kitty/contracts';
import { sqlIdentifier } from '@kitty/nest-common';
import { Injectable } from '@nestjs/common';

import { PAYMENTS_SCHEMA, PrismaService } from '../prisma.service';

/** A user's payment account as issuing last announced it. */
export type PaymentAccountSnapshot = PaymentAccountChangedJob;

/** Where payments reads users' payment accounts (the projection; tests may hold it in memory). */
export interface PaymentAccountReader {
  find(userId: string): Promise<PaymentAccountSnapshot | null>;
  /** The identity keys of those of `userIds` whose KYC accepted a phone number. */
  identityKeys(userIds: string[]): Promise<Map<string, string>>;
}
export const PAYMENT_ACCOUNT_READER = Symbol('PAYMENT_ACCOUNT_READER');

const PAYMENT_ACCOUNTS = sqlIdentifier(PAYMENTS_SCHEMA, 'payment_accounts');

/** The projection of issuing's announcements of payment accounts: `payment_accounts`. */
@Injectable()
export class PaymentAccountRepository implements PaymentAccountReader {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Keeps the announcement unless the row already holds the same or a newer version (redeliveries and
   * announcements relayed out of order change nothing). True when it was kept.
   */
  async apply(snapshot: PaymentAccountSnapshot): Promise<boolean> {
    const kept = await this.prisma.$executeRawUnsafe(
      `INSERT INTO ${PAYMENT_ACCOUNTS} (user_id, version, verified, account_id,
         payout_destination, payout_account_label, payouts_available_from, identity_key, closed, updated_at)
       VALUES ($1::uuid, $2, $3, $4, $5, $6, $7::timestamptz, $8::uuid, $9, now())
       ON CONFLICT (user_id) DO UPDATE SET version = EXCLUDED.version, verified = EXCLUDED.verified,
         account_id = EXCLUDED.account_id, payout_destination = EXCLUDED.payout_destination,
         payout_account_label = EXCLUDED.payout_account_label,
         payouts_available_from = EXCLUDED.payouts_available_from, identity_key = EXCLUDED.identity_key,
         closed = EXCLUDED.closed, updated_at = now()
       WHERE payment_accounts.version < EXCLUDED.version`,
      snapshot.userId,
      snapshot.version,
      snapshot.verified,
      snapshot.accountId,
      snapshot.payoutDestination,
      snapshot.payoutAccountLabel,
      snapshot.payoutsAvailableFrom,
      snapshot.identityKey,
      snapshot.closed,
    );
    return kept > 0;
  }

  async find(userId: string): Promise<PaymentAccountSnapshot | null> {
    const row = await this.prisma.paymentAccount.findUnique({ where: { userId } });
    if (!row) return null;
    return {
      userId: row.userId,
      version: Number(row.version),
      verified: row.verified,
      accountId: row.accountId,
      payoutDestination: row.payoutDestination,
      payoutAccountLabel: row.payoutAccountLabel,
      payoutsAvailableFrom: row.payoutsAvailableFrom?.toISOString() ?? null,
      identityKey: row.identityKey,
      closed: row.closed,
    };
  }

  async identityKeys(userIds: string[]): Promise<Map<string, string>> {
    const rows = await this.prisma.paymentAccount.findMany({
      where: { userId: { in: userIds }, identityKey: { not: null } },
      select: { userId: true, identityKey: true },
    });
    return new Map(rows.map((row) => [row.userId, row.identityKey as string]));
  }
}
