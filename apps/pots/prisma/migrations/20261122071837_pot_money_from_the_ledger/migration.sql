-- AlterTable
ALTER TABLE "pots" ADD COLUMN     "balance_sequence" BIGINT NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "expenses" ADD COLUMN     "ledger_transaction_id" UUID;

-- AlterTable
ALTER TABLE "settlements" ADD COLUMN     "ledger_transaction_id" UUID;

-- CreateTable
CREATE TABLE "ledger_compensations" (
    "ledger_key" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "due_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ledger_compensations_pkey" PRIMARY KEY ("ledger_key")
);

-- CreateIndex
CREATE INDEX "ledger_compensations_due_at_idx" ON "ledger_compensations"("due_at");
