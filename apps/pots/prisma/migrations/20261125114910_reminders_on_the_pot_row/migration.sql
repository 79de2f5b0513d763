-- DropIndex
DROP INDEX "pot_reminders_pot_id_uk_day_idx";

-- AlterTable
ALTER TABLE "pots" ADD COLUMN     "reminded_today" JSONB;
