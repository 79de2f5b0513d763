-- AlterTable
ALTER TABLE "pots" ADD COLUMN     "invite_rule" TEXT NOT NULL DEFAULT 'owner';
