-- CreateTable
CREATE TABLE "user_residencies" (
    "user_id" UUID NOT NULL,
    "country_code" CHAR(2),
    "is_uk_resident" BOOLEAN NOT NULL,
    "detected_at" TIMESTAMPTZ(3) NOT NULL,
    "method" TEXT NOT NULL,
    "version" INTEGER NOT NULL,

    CONSTRAINT "user_residencies_pkey" PRIMARY KEY ("user_id")
);

-- AddForeignKey
ALTER TABLE "user_residencies" ADD CONSTRAINT "user_residencies_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
