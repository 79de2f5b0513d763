-- AlterTable
ALTER TABLE "pot_members" ADD COLUMN     "paid_count" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "paid_pence" BIGINT NOT NULL DEFAULT 0;

-- What members already paid for their groups, from the confirmed member-paid expenses not deleted.
UPDATE "pot_members" AS m
   SET "paid_pence" = paid.total, "paid_count" = paid.expenses
  FROM (SELECT "payer_member_id" AS id, SUM("amount_pence") AS total, COUNT(*) AS expenses
          FROM "expenses"
         WHERE "paid_from" = 'member' AND "status" = 'confirmed' AND "deleted_at" IS NULL
           AND "payer_member_id" IS NOT NULL
         GROUP BY "payer_member_id") AS paid
 WHERE m."id" = paid.id;
