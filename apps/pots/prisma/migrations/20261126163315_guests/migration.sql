-- AlterTable
ALTER TABLE "pot_members" ALTER COLUMN "user_id" DROP NOT NULL;
