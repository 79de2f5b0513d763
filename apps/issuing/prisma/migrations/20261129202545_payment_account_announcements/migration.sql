-- AlterTable
ALTER TABLE "payment_accounts" ADD COLUMN     "closed_at" TIMESTAMPTZ(3),
ADD COLUMN     "version" BIGINT NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "kyc_identities" (
    "phone_digest" VARCHAR(64) NOT NULL,
    "identity_key" UUID NOT NULL DEFAULT gen_random_uuid(),

    CONSTRAINT "kyc_identities_pkey" PRIMARY KEY ("phone_digest")
);

-- CreateIndex
CREATE UNIQUE INDEX "kyc_identities_identity_key_key" ON "kyc_identities"("identity_key");

-- Payments learns every existing payment account once (version 1 of each snapshot, as announceChange writes
-- it), after each phone number KYC accepted got its opaque key.
INSERT INTO "kyc_identities" ("phone_digest")
SELECT DISTINCT "phone_digest" FROM "payment_accounts" WHERE "phone_digest" IS NOT NULL;
UPDATE "payment_accounts" SET "version" = 1;
INSERT INTO "outbox" ("id", "queue", "job_name", "payload")
SELECT gen_random_uuid(), 'payments-payment-accounts', 'issuing.payment-account.changed.v1',
  jsonb_build_object(
    'userId', a.user_id,
    'version', 1,
    'verified', a.kyc_status = 'complete',
    'accountId', a.stripe_account_id,
    'payoutDestination', a.bank_account_id,
    'payoutAccountLabel', CASE WHEN a.bank_account_id IS NOT NULL THEN a.payout_bank_label END,
    'payoutsAvailableFrom', CASE WHEN a.bank_account_id IS NOT NULL
      THEN to_char(a.bank_payouts_from AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') END,
    'identityKey', i.identity_key,
    'closed', false)
FROM "payment_accounts" a LEFT JOIN "kyc_identities" i ON i.phone_digest = a.phone_digest;
