-- AlterTable
ALTER TABLE "withdrawals" ADD COLUMN     "destination_label" TEXT;
