-- CreateTable
CREATE TABLE "virtual_cards" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "stripe_account_id" TEXT NOT NULL,
    "stripe_cardholder_id" TEXT NOT NULL,
    "stripe_card_id" TEXT NOT NULL,
    "brand" TEXT NOT NULL,
    "last4" TEXT NOT NULL,
    "exp_month" INTEGER NOT NULL,
    "exp_year" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "virtual_cards_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "virtual_cards_user_id_key" ON "virtual_cards"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "virtual_cards_stripe_card_id_key" ON "virtual_cards"("stripe_card_id");

ALTER TABLE "virtual_cards"
    ADD CONSTRAINT "virtual_cards_status_check" CHECK ("status" IN ('active', 'inactive', 'canceled'));
