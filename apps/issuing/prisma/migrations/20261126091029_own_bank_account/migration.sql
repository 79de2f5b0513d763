-- AlterTable
ALTER TABLE "payment_accounts" ADD COLUMN     "bank_account_holder" TEXT,
ADD COLUMN     "bank_account_id" TEXT,
ADD COLUMN     "bank_added_at" TIMESTAMPTZ(3),
ADD COLUMN     "bank_fingerprint" TEXT,
ADD COLUMN     "bank_last4" CHAR(4),
ADD COLUMN     "bank_name" TEXT,
ADD COLUMN     "bank_sort_code" CHAR(6);
