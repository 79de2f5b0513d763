-- AlterTable
ALTER TABLE "notifications" ADD COLUMN     "done_at" TIMESTAMPTZ(3);
