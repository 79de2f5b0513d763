-- AlterTable
ALTER TABLE "payment_accounts" ADD COLUMN     "bank_payouts_from" TIMESTAMPTZ(3);
