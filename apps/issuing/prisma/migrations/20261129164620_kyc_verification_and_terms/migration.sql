-- What the provider is still checking (pending_verification), and the user's acceptance of its terms as sent to it.
-- AlterTable
ALTER TABLE "payment_accounts" ADD COLUMN     "pending_verification" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "terms_accepted_at" TIMESTAMPTZ(3),
ADD COLUMN     "terms_accepted_ip" VARCHAR(45),
ADD COLUMN     "terms_accepted_user_agent" VARCHAR(512);

-- "verifying": everything is sent and accepted, the provider is still checking it.
ALTER TABLE "payment_accounts" DROP CONSTRAINT "payment_accounts_kyc_status_check";
ALTER TABLE "payment_accounts"
    ADD CONSTRAINT "payment_accounts_kyc_status_check" CHECK ("kyc_status" IN ('pending', 'verifying', 'complete', 'failed'));
