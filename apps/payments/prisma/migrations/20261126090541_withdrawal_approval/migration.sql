-- AlterTable
ALTER TABLE "withdrawals" ADD COLUMN     "decided_at" TIMESTAMPTZ(3),
ADD COLUMN     "decided_by" UUID,
ADD COLUMN     "decided_by_name" TEXT,
ADD COLUMN     "requester_name" TEXT;

-- CreateIndex
CREATE INDEX "withdrawals_pot_id_status_idx" ON "withdrawals"("pot_id", "status");
