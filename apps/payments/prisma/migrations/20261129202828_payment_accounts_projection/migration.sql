-- CreateTable
CREATE TABLE "payment_accounts" (
    "user_id" UUID NOT NULL,
    "version" BIGINT NOT NULL,
    "verified" BOOLEAN NOT NULL,
    "account_id" TEXT NOT NULL,
    "payout_destination" TEXT,
    "payout_account_label" TEXT,
    "payouts_available_from" TIMESTAMPTZ(3),
    "identity_key" UUID,
    "closed" BOOLEAN NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payment_accounts_pkey" PRIMARY KEY ("user_id")
);
