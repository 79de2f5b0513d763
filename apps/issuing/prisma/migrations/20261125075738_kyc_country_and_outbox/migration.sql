-- AlterTable
ALTER TABLE "payment_accounts" ADD COLUMN     "kyc_country" CHAR(2);

-- CreateTable
CREATE TABLE "outbox" (
    "id" UUID NOT NULL,
    "queue" TEXT NOT NULL,
    "job_name" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "relayed_at" TIMESTAMPTZ(3),

    CONSTRAINT "outbox_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "outbox_relayed_at_created_at_idx" ON "outbox"("relayed_at", "created_at");

-- Backfill: the KYC form has only ever accepted UK addresses (contracts' KycRequest), so every account
-- that completed KYC before this column existed has a GB address. Residency learns it through the outbox.
UPDATE "payment_accounts" SET "kyc_country" = 'GB' WHERE "kyc_status" = 'complete';
INSERT INTO "outbox" ("id", "queue", "job_name", "payload")
SELECT gen_random_uuid(), 'residency-detect', 'residency.kyc-address.v1',
       jsonb_build_object('userId', "user_id", 'countryCode', 'GB',
                          'verifiedAt', to_char("updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
  FROM "payment_accounts" WHERE "kyc_status" = 'complete';
