-- AlterTable
ALTER TABLE "expenses" ADD COLUMN     "fx_rate" TEXT,
ADD COLUMN     "items" JSONB,
ADD COLUMN     "original_amount_minor" BIGINT,
ADD COLUMN     "original_currency" TEXT;

-- An original amount has its currency and is more than nothing; a rate needs an original amount to convert.
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_original_check"
  CHECK (("original_currency" IS NULL) = ("original_amount_minor" IS NULL)
     AND ("original_amount_minor" IS NULL OR "original_amount_minor" > 0)
     AND ("fx_rate" IS NULL OR "original_currency" IS NOT NULL));

-- Only an itemised split has a bill.
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_items_check"
  CHECK (("items" IS NOT NULL) = ("split_mode" = 'itemised'));
