-- CreateTable
CREATE TABLE "pot_reminders" (
    "pot_id" UUID NOT NULL,
    "debtor_member_id" UUID NOT NULL,
    "creditor_member_id" UUID NOT NULL,
    "uk_day" DATE NOT NULL,
    "reminded_by" UUID NOT NULL,
    "amount_pence" BIGINT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "pot_reminders_pkey" PRIMARY KEY ("pot_id","debtor_member_id","creditor_member_id","uk_day")
);

-- CreateIndex
CREATE INDEX "pot_reminders_pot_id_uk_day_idx" ON "pot_reminders"("pot_id", "uk_day");

-- AddForeignKey
ALTER TABLE "pot_reminders" ADD CONSTRAINT "pot_reminders_pot_id_fkey" FOREIGN KEY ("pot_id") REFERENCES "pots"("id") ON DELETE CASCADE ON UPDATE CASCADE;
