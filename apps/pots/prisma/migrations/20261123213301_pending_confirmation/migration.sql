-- AlterTable
ALTER TABLE "expenses" ADD COLUMN     "awaiting_member_id" UUID,
ADD COLUMN     "decided_at" TIMESTAMPTZ(3),
ADD COLUMN     "decided_by" UUID,
ADD COLUMN     "status" TEXT NOT NULL DEFAULT 'confirmed';

-- AlterTable
ALTER TABLE "settlements" ADD COLUMN     "awaiting_member_id" UUID,
ADD COLUMN     "decided_at" TIMESTAMPTZ(3),
ADD COLUMN     "decided_by" UUID,
ADD COLUMN     "status" TEXT NOT NULL DEFAULT 'confirmed';

-- Only these three states exist; a pending record names who it waits for.
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_status_check"
  CHECK ("status" IN ('confirmed', 'pending', 'declined') AND ("status" <> 'pending' OR "awaiting_member_id" IS NOT NULL));
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_status_check"
  CHECK ("status" IN ('confirmed', 'pending', 'declined') AND ("status" <> 'pending' OR "awaiting_member_id" IS NOT NULL));
