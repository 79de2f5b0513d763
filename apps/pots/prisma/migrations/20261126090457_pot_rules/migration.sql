-- AlterTable
ALTER TABLE "pots" ADD COLUMN     "approval_above_pence" INTEGER NOT NULL DEFAULT 5000,
ADD COLUMN     "spend_rule" TEXT NOT NULL DEFAULT 'members',
ADD COLUMN     "withdraw_rule" TEXT NOT NULL DEFAULT 'owner';
