-- CreateTable
CREATE TABLE "expense_payers" (
    "expense_id" UUID NOT NULL,
    "member_id" UUID NOT NULL,
    "amount_pence" BIGINT NOT NULL,
    "position" INTEGER NOT NULL,

    CONSTRAINT "expense_payers_pkey" PRIMARY KEY ("expense_id","member_id")
);

-- CreateIndex
CREATE INDEX "expense_payers_member_id_idx" ON "expense_payers"("member_id");

-- AddForeignKey
ALTER TABLE "expense_payers" ADD CONSTRAINT "expense_payers_expense_id_fkey" FOREIGN KEY ("expense_id") REFERENCES "expenses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A payer paid something: the amounts are positive pence (the service checks they sum to the expense).
ALTER TABLE "expense_payers" ADD CONSTRAINT "expense_payers_amount_pence_check" CHECK ("amount_pence" > 0);

-- Every member-paid expense recorded so far had one payer, who paid it all.
INSERT INTO "expense_payers" ("expense_id", "member_id", "amount_pence", "position")
SELECT "id", "payer_member_id", "amount_pence", 0
  FROM "expenses"
 WHERE "paid_from" = 'member' AND "payer_member_id" IS NOT NULL;
