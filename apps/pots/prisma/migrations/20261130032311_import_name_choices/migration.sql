-- CreateTable
CREATE TABLE "import_name_choices" (
    "pot_id" UUID NOT NULL,
    "name_key" TEXT NOT NULL,
    "member_id" UUID NOT NULL,
    "chosen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "import_name_choices_pkey" PRIMARY KEY ("pot_id","name_key")
);

-- AddForeignKey
ALTER TABLE "import_name_choices" ADD CONSTRAINT "import_name_choices_pot_id_fkey" FOREIGN KEY ("pot_id") REFERENCES "pots"("id") ON DELETE CASCADE ON UPDATE CASCADE;
