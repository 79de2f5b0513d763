-- AlterTable
ALTER TABLE "virtual_cards" ADD COLUMN     "wallet_types" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- Prisma cannot say these: the list is never NULL and holds only known wallets.
ALTER TABLE "virtual_cards" ALTER COLUMN "wallet_types" SET NOT NULL;
ALTER TABLE "virtual_cards"
    ADD CONSTRAINT "virtual_cards_wallet_types_check"
    CHECK ("wallet_types" <@ ARRAY['apple_pay', 'google_pay']::TEXT[]);
