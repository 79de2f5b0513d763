-- AlterTable
-- Pots from before direct debts have none recorded yet: false until they are rebuilt from the pot's history
-- (the first time its owner turns simplifying off); every pot created from now on starts complete.
ALTER TABLE "pots" ADD COLUMN     "direct_debts_complete" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "simplify_debts" BOOLEAN NOT NULL DEFAULT true;
ALTER TABLE "pots" ALTER COLUMN "direct_debts_complete" SET DEFAULT true;

-- CreateTable
CREATE TABLE "pot_debts" (
    "pot_id" UUID NOT NULL,
    "low_member_id" UUID NOT NULL,
    "high_member_id" UUID NOT NULL,
    "low_owes_high_pence" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "pot_debts_pkey" PRIMARY KEY ("pot_id","low_member_id","high_member_id")
);

-- AddForeignKey
ALTER TABLE "pot_debts" ADD CONSTRAINT "pot_debts_pot_id_fkey" FOREIGN KEY ("pot_id") REFERENCES "pots"("id") ON DELETE CASCADE ON UPDATE CASCADE;
