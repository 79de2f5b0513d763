-- CreateTable
CREATE TABLE "card_authorizations" (
    "id" UUID NOT NULL,
    "stripe_authorization_id" TEXT NOT NULL,
    "stripe_card_id" TEXT NOT NULL,
    "stripe_account_id" TEXT,
    "user_id" UUID,
    "pot_id" UUID,
    "amount_pence" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "merchant_name" TEXT NOT NULL,
    "decision" TEXT,
    "decline_reason" TEXT,
    "hold_remaining_pence" INTEGER NOT NULL DEFAULT 0,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decided_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "card_authorizations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "card_transactions" (
    "stripe_transaction_id" TEXT NOT NULL,
    "authorization_id" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "amount_pence" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "card_transactions_pkey" PRIMARY KEY ("stripe_transaction_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "card_authorizations_stripe_authorization_id_key" ON "card_authorizations"("stripe_authorization_id");

-- CreateIndex
CREATE INDEX "card_authorizations_user_id_created_at_idx" ON "card_authorizations"("user_id", "created_at");

-- CreateIndex
CREATE INDEX "card_transactions_authorization_id_idx" ON "card_transactions"("authorization_id");

-- AddForeignKey
ALTER TABLE "card_transactions" ADD CONSTRAINT "card_transactions_authorization_id_fkey" FOREIGN KEY ("authorization_id") REFERENCES "card_authorizations"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Money never goes below zero, and a decision is one of two words.
ALTER TABLE "card_authorizations" ADD CONSTRAINT "card_authorizations_amounts_check"
    CHECK ("amount_pence" >= 0 AND "hold_remaining_pence" >= 0);
ALTER TABLE "card_authorizations" ADD CONSTRAINT "card_authorizations_decision_check"
    CHECK ("decision" IS NULL OR "decision" IN ('approved', 'declined'));
