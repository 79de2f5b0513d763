-- Every expense has a category; those recorded before categories existed are 'other' (the default fills them).
ALTER TABLE "expenses" ADD COLUMN     "category" TEXT NOT NULL DEFAULT 'other';

-- The same list as EXPENSE_CATEGORIES in libs/contracts: the database refuses anything else.
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_category_check"
  CHECK ("category" IN ('food', 'transport', 'lodging', 'activities', 'groceries', 'other'));

-- The pot page sums spending per category.
CREATE INDEX "expenses_pot_id_category_idx" ON "expenses"("pot_id", "category");
