import { isDeepStrictEqual } from 'node:util';

import { IssuingJobs, type PaymentAccountChangedJob } from '@kitty/contracts';
import { outboxMessage, sqlIdentifier } from '@kitty/nest-common';

import { ISSUING_SCHEMA, type Tx } from '../prisma.service';

/** What payments is told of a payment account (issuing.payment-account.changed), but for its version. */
export type PaymentAccountFacts = Omit<PaymentAccountChangedJob, 'version'>;

/** The tables this repository names in its SQL, schema-qualified. */
export const PAYMENT_ACCOUNTS = sqlIdentifier(ISSUING_SCHEMA, 'payment_accounts');
const KYC_IDENTITIES = sqlIdentifier(ISSUING_SCHEMA, 'kyc_identities');

interface FactsRow {
  user_id: string;
  stripe_account_id: string;
  kyc_status: string;
  bank_account_id: string | null;
  payout_bank_label: string | null;
  bank_payouts_from: Date | null;
  closed_at: Date | null;
  identity_key: string | null;
}

/**
 * The account's facts as payments needs them, under the row's lock (null: no account). Only the user's own
 * bank account receives withdrawals, never the placeholder test account a new provider account starts with.
 */
export async function paymentAccountFacts(tx: Tx, userId: string): Promise<PaymentAccountFacts | null> {
  const [row] = await tx.$queryRawUnsafe<FactsRow[]>(
    `SELECT a.user_id, a.stripe_account_id, a.kyc_status, a.bank_account_id, a.payout_bank_label,
            a.bank_payouts_from, a.closed_at, i.identity_key
       FROM ${PAYMENT_ACCOUNTS} a
       LEFT JOIN ${KYC_IDENTITIES} i ON i.phone_digest = a.phone_digest
      WHERE a.user_id = $1::uuid
        FOR UPDATE OF a`,
    userId,
  );
  if (!row) return null;
  const bank = row.bank_account_id;
  return {
    userId: row.user_id,
    verified: row.kyc_status === 'complete',
    accountId: row.stripe_account_id,
    payoutDestination: bank,
    payoutAccountLabel: bank ? row.payout_bank_label : null,
    payoutsAvailableFrom: bank && row.bank_payouts_from ? row.bank_payouts_from.toISOString() : null,
    identityKey: row.identity_key,
    closed: row.closed_at !== null,
  };
}

/**
 * Tells payments of a write to the user's account, in the transaction that made it, if it changed what
 * payments knows (`before`, read under the same lock before the write): the next version of the account's
 * facts goes to the outbox, so payments' projection has it exactly when the change is committed. A phone
 * number KYC accepted gets its opaque key first (a number seen before keeps its key; two accounts accepted
 * at once with one number wait for each other on the key's row and share it).
 */
export async function announceChange(tx: Tx, userId: string, before: PaymentAccountFacts | null) {
  await tx.$executeRawUnsafe(
    `INSERT INTO ${KYC_IDENTITIES} (phone_digest)
     SELECT phone_digest FROM ${PAYMENT_ACCOUNTS}
      WHERE user_id = $1::uuid AND phone_digest IS NOT NULL
     ON CONFLICT (phone_digest) DO NOTHING`,
    userId,
  );
  const after = await paymentAccountFacts(tx, userId);
  if (!after || isDeepStrictEqual(before, after)) return;
  const [{ version }] = await tx.$queryRawUnsafe<{ version: bigint }[]>(
    `UPDATE ${PAYMENT_ACCOUNTS} SET version = version + 1 WHERE user_id = $1::uuid
     RETURNING version`,
    userId,
  );
  await tx.outboxMessage.create({
    data: outboxMessage(IssuingJobs.paymentAccountChanged, { ...after, version: Number(version) }),
  });
}
