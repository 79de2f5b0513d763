// The migration that lets payments learn payment accounts from issuing's events, on a database made by the
// schema before it: every existing account is announced once, as version 1, with an identity key per phone
// number KYC accepted and never the number or its digest.
import { randomUUID } from 'node:crypto';

import { IssuingJobs, PaymentAccountChangedJob } from '@kitty/contracts';

import { issuingDatabaseBefore } from '../testing/database-before-migration';

describe('announcing existing payment accounts to payments (PostgreSQL)', () => {
  it('announces each account once, as issuing would, sharing a key between accounts with one phone number', async () => {
    const before = await issuingDatabaseBefore('_payment_account_announcements');
    const { sql } = before;
    try {
      const [ann, annAgain, ben] = [randomUUID(), randomUUID(), randomUUID()];
      const insert = (userId: string, values: Record<string, unknown>) => {
        const row: Record<string, unknown> = {
          id: randomUUID(),
          user_id: userId,
          stripe_account_id: `acct_${userId.slice(0, 8)}`,
          status: 'active',
          kyc_status: 'complete',
          requirements: [],
          updated_at: new Date(),
          ...values,
        };
        const columns = Object.keys(row);
        return sql.query(
          `INSERT INTO issuing.payment_accounts (${columns.join(', ')})
           VALUES (${columns.map((_, index) => `$${index + 1}`).join(', ')})`,
          Object.values(row),
        );
      };
      // Ann's bank account replaced another: payouts to it wait until the 30th.
      await insert(ann, {
        phone_digest: 'digest-of-ann',
        bank_account_id: 'ba_ann',
        payout_bank_account_id: 'ba_ann',
        payout_bank_label: 'NatWest •••• 2345',
        bank_payouts_from: new Date('2026-11-30T09:12:00.000Z'),
      });
      await insert(annAgain, { phone_digest: 'digest-of-ann' });
      // Ben has not finished KYC: only the provider's placeholder bank account, which is not his.
      await insert(ben, {
        kyc_status: 'verifying',
        payout_bank_account_id: 'ba_placeholder',
        payout_bank_label: 'STRIPE TEST BANK •••• 6789',
      });

      before.migrateToNow();

      const { rows } = await sql.query<{ queue: string; payload: unknown }>(
        `SELECT queue, payload FROM issuing.outbox WHERE job_name = $1`,
        [IssuingJobs.paymentAccountChanged.name],
      );
      expect(rows.map((row) => row.queue)).toEqual(
        rows.map(() => IssuingJobs.paymentAccountChanged.queue.name),
      );
      const announced = new Map(
        rows.map((row) => PaymentAccountChangedJob.parse(row.payload)).map((job) => [job.userId, job]),
      );
      expect(announced.size).toBe(3);
      const annKey = announced.get(ann)?.identityKey;
      expect(announced.get(ann)).toEqual({
        userId: ann,
        version: 1,
        verified: true,
        accountId: `acct_${ann.slice(0, 8)}`,
        payoutDestination: 'ba_ann',
        payoutAccountLabel: 'NatWest •••• 2345',
        payoutsAvailableFrom: '2026-11-30T09:12:00.000Z',
        identityKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
        closed: false,
      });
      expect(announced.get(annAgain)).toMatchObject({
        verified: true,
        identityKey: annKey,
        payoutDestination: null,
      });
      expect(announced.get(ben)).toMatchObject({
        verified: false,
        payoutDestination: null,
        payoutAccountLabel: null,
        identityKey: null,
      });
      expect(JSON.stringify(rows)).not.toContain('digest-of-ann');
      const versions = await sql.query(`SELECT DISTINCT version FROM issuing.payment_accounts`);
      expect(versions.rows).toEqual([{ version: '1' }]);
    } finally {
      await before.close();
    }
  }, 120_000);
});
