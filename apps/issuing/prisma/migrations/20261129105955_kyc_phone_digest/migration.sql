-- AlterTable
ALTER TABLE "payment_accounts" ADD COLUMN     "phone_digest" VARCHAR(64);

-- CreateIndex
CREATE INDEX "payment_accounts_phone_digest_idx" ON "payment_accounts"("phone_digest");
