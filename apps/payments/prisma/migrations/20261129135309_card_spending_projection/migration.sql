-- CreateTable
CREATE TABLE "card_pots" (
    "user_id" UUID NOT NULL,
    "pot_id" UUID,
    "version" BIGINT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "card_pots_pkey" PRIMARY KEY ("user_id")
);

-- CreateTable
CREATE TABLE "card_spend_approvals" (
    "id" UUID NOT NULL,
    "pot_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "amount_pence" BIGINT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "withdrawn" BOOLEAN NOT NULL DEFAULT false,
    "used_by" TEXT,
    "used_at" TIMESTAMPTZ(3),
    "use_version" BIGINT NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "card_spend_approvals_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "card_spend_approvals_used_by_key" ON "card_spend_approvals"("used_by");

-- CreateIndex
CREATE INDEX "card_spend_approvals_user_id_pot_id_idx" ON "card_spend_approvals"("user_id", "pot_id");
