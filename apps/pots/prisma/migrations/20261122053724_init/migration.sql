-- CreateTable
CREATE TABLE "pots" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "balance_pence" BIGINT NOT NULL DEFAULT 0,
    "total_added_pence" BIGINT NOT NULL DEFAULT 0,
    "total_spent_pence" BIGINT NOT NULL DEFAULT 0,
    "transaction_count" INTEGER NOT NULL DEFAULT 0,
    "settle_plan" JSONB,
    "currency" TEXT NOT NULL DEFAULT 'gbp',
    "created_by" UUID NOT NULL,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "pots_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "pot_members" (
    "id" UUID NOT NULL,
    "pot_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "role" TEXT NOT NULL DEFAULT 'member',
    "net_pence" BIGINT NOT NULL DEFAULT 0,
    "added_pence" BIGINT NOT NULL DEFAULT 0,
    "share_pence" BIGINT NOT NULL DEFAULT 0,
    "joined_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "removed_at" TIMESTAMPTZ(3),

    CONSTRAINT "pot_members_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "invitations" (
    "id" UUID NOT NULL,
    "pot_id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "invited_by" UUID NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "accepted_at" TIMESTAMPTZ(3),
    "accepted_by" UUID,
    "revoked_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "invitations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "expenses" (
    "id" UUID NOT NULL,
    "pot_id" UUID NOT NULL,
    "description" TEXT NOT NULL,
    "amount_pence" BIGINT NOT NULL,
    "paid_from" TEXT NOT NULL,
    "payer_member_id" UUID,
    "split_mode" TEXT NOT NULL,
    "created_by" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "deleted_at" TIMESTAMPTZ(3),

    CONSTRAINT "expenses_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "expense_shares" (
    "expense_id" UUID NOT NULL,
    "member_id" UUID NOT NULL,
    "input_value" INTEGER,
    "amount_pence" BIGINT NOT NULL,
    "position" INTEGER NOT NULL,

    CONSTRAINT "expense_shares_pkey" PRIMARY KEY ("expense_id","member_id")
);

-- CreateTable
CREATE TABLE "settlements" (
    "id" UUID NOT NULL,
    "pot_id" UUID NOT NULL,
    "from_member_id" UUID NOT NULL,
    "to_member_id" UUID NOT NULL,
    "amount_pence" BIGINT NOT NULL,
    "created_by" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "settlements_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "activity_events" (
    "id" UUID NOT NULL,
    "seq" BIGSERIAL NOT NULL,
    "pot_id" UUID NOT NULL,
    "actor_user_id" UUID NOT NULL,
    "actor_name" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "summary" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "activity_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "pot_transactions" (
    "id" UUID NOT NULL,
    "pot_id" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "member_name" TEXT NOT NULL,
    "amount_pence" BIGINT NOT NULL,
    "source_ref" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "pot_transactions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "user_active_pot" (
    "user_id" UUID NOT NULL,
    "pot_id" UUID NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "user_active_pot_pkey" PRIMARY KEY ("user_id")
);

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
CREATE INDEX "pots_created_by_idx" ON "pots"("created_by");

-- CreateIndex
CREATE INDEX "pot_members_user_id_idx" ON "pot_members"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "pot_members_pot_id_user_id_key" ON "pot_members"("pot_id", "user_id");

-- CreateIndex
CREATE UNIQUE INDEX "invitations_token_hash_key" ON "invitations"("token_hash");

-- CreateIndex
CREATE INDEX "invitations_pot_id_idx" ON "invitations"("pot_id");

-- CreateIndex
CREATE INDEX "expenses_pot_id_created_at_idx" ON "expenses"("pot_id", "created_at");

-- CreateIndex
CREATE INDEX "expense_shares_member_id_idx" ON "expense_shares"("member_id");

-- CreateIndex
CREATE INDEX "settlements_pot_id_created_at_idx" ON "settlements"("pot_id", "created_at");

-- CreateIndex
CREATE INDEX "activity_events_pot_id_seq_idx" ON "activity_events"("pot_id", "seq");

-- CreateIndex
CREATE UNIQUE INDEX "pot_transactions_source_ref_key" ON "pot_transactions"("source_ref");

-- CreateIndex
CREATE INDEX "pot_transactions_pot_id_created_at_idx" ON "pot_transactions"("pot_id", "created_at");

-- CreateIndex
CREATE INDEX "outbox_relayed_at_created_at_idx" ON "outbox"("relayed_at", "created_at");

-- AddForeignKey
ALTER TABLE "pot_members" ADD CONSTRAINT "pot_members_pot_id_fkey" FOREIGN KEY ("pot_id") REFERENCES "pots"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_pot_id_fkey" FOREIGN KEY ("pot_id") REFERENCES "pots"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_pot_id_fkey" FOREIGN KEY ("pot_id") REFERENCES "pots"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "expense_shares" ADD CONSTRAINT "expense_shares_expense_id_fkey" FOREIGN KEY ("expense_id") REFERENCES "expenses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_pot_id_fkey" FOREIGN KEY ("pot_id") REFERENCES "pots"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "activity_events" ADD CONSTRAINT "activity_events_pot_id_fkey" FOREIGN KEY ("pot_id") REFERENCES "pots"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pot_transactions" ADD CONSTRAINT "pot_transactions_pot_id_fkey" FOREIGN KEY ("pot_id") REFERENCES "pots"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A pot never holds negative money, whatever path writes its balance (defence in depth).
ALTER TABLE "pots" ADD CONSTRAINT "pots_balance_non_negative" CHECK ("balance_pence" >= 0);
