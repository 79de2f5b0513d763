-- AlterTable
ALTER TABLE "expenses" ADD COLUMN     "notes" TEXT,
ADD COLUMN     "spent_on" DATE;
