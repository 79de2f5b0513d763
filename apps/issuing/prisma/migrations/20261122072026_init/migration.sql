-- CreateTable
CREATE TABLE "payment_accounts" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "stripe_account_id" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "kyc_status" TEXT NOT NULL,
    "requirements" TEXT[],
    "card_issuing_capability" TEXT,
    "transfers_capability" TEXT,
    "payout_bank_account_id" TEXT,
    "payout_bank_label" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "payment_accounts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "payment_accounts_user_id_key" ON "payment_accounts"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "payment_accounts_stripe_account_id_key" ON "payment_accounts"("stripe_account_id");

-- The states the service writes; anything else is a bug.
ALTER TABLE "payment_accounts"
    ADD CONSTRAINT "payment_accounts_status_check" CHECK ("status" IN ('active', 'restricted')),
    ADD CONSTRAINT "payment_accounts_kyc_status_check" CHECK ("kyc_status" IN ('pending', 'complete', 'failed'));
