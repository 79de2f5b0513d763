-- AlterTable
ALTER TABLE "settlements" ADD COLUMN     "undone_at" TIMESTAMPTZ(3),
ADD COLUMN     "undone_by" UUID,
ADD COLUMN     "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;
