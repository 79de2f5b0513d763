-- CreateTable
CREATE TABLE "recurring_expenses" (
    "id" UUID NOT NULL,
    "pot_id" UUID NOT NULL,
    "created_by_user_id" UUID NOT NULL,
    "template" JSONB NOT NULL,
    "description" TEXT NOT NULL,
    "amount_pence" BIGINT NOT NULL,
    "frequency" TEXT NOT NULL,
    "start_on" DATE NOT NULL,
    "end_on" DATE,
    "next_due_on" DATE,
    "occurrences" INTEGER NOT NULL DEFAULT 0,
    "last_problem" TEXT,
    "cancelled_at" TIMESTAMPTZ(3),
    "cancelled_by" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "recurring_expenses_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "recurring_expenses_pot_id_created_at_idx" ON "recurring_expenses"("pot_id", "created_at");

-- CreateIndex
CREATE INDEX "recurring_expenses_next_due_on_idx" ON "recurring_expenses"("next_due_on");

-- AddForeignKey
ALTER TABLE "recurring_expenses" ADD CONSTRAINT "recurring_expenses_pot_id_fkey" FOREIGN KEY ("pot_id") REFERENCES "pots"("id") ON DELETE CASCADE ON UPDATE CASCADE;
