-- CreateEnum
CREATE TYPE "detection_method" AS ENUM ('ip_address');

-- CreateTable
CREATE TABLE "residencies" (
    "user_id" UUID NOT NULL,
    "country_code" CHAR(2),
    "is_uk_resident" BOOLEAN NOT NULL,
    "detected_at" TIMESTAMPTZ(3) NOT NULL,
    "detection_method" "detection_method" NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "residencies_pkey" PRIMARY KEY ("user_id")
);
