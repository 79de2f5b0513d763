-- CreateTable
CREATE TABLE "spend_approvals" (
    "id" UUID NOT NULL,
    "pot_id" UUID NOT NULL,
    "member_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "amount_pence" BIGINT NOT NULL,
    "note" TEXT,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "decided_by_member_id" UUID,
    "decided_at" TIMESTAMPTZ(3),
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_by" TEXT,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "spend_approvals_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "spend_approvals_used_by_key" ON "spend_approvals"("used_by");

-- CreateIndex
CREATE INDEX "spend_approvals_pot_id_created_at_idx" ON "spend_approvals"("pot_id", "created_at");

-- CreateIndex
CREATE INDEX "spend_approvals_user_id_pot_id_status_idx" ON "spend_approvals"("user_id", "pot_id", "status");

-- AddForeignKey
ALTER TABLE "spend_approvals" ADD CONSTRAINT "spend_approvals_pot_id_fkey" FOREIGN KEY ("pot_id") REFERENCES "pots"("id") ON DELETE CASCADE ON UPDATE CASCADE;
