-- AlterTable
ALTER TABLE "withdrawals" ADD COLUMN     "transfer_id" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "withdrawals_transfer_id_key" ON "withdrawals"("transfer_id");
