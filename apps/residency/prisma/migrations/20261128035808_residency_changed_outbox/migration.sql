-- AlterTable
ALTER TABLE "residencies" ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 1;

-- CreateTable
CREATE TABLE "outbox" (
    "id" UUID NOT NULL,
    "queue" TEXT NOT NULL,
    "job_name" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "relayed_at" TIMESTAMPTZ(3),

    CONSTRAINT "outbox_pkey" PRIMARY KEY ("id")
);

-- The relay's poll walks only rows not yet relayed (see the other services' outbox_unrelayed_index).
CREATE INDEX "outbox_unrelayed_idx" ON "outbox"("created_at") WHERE "relayed_at" IS NULL;

-- Backfill: auth learns every residency stored before this migration through the outbox.
INSERT INTO "outbox" ("id", "queue", "job_name", "payload")
SELECT gen_random_uuid(), 'auth-residency', 'residency.changed.v1',
       jsonb_build_object('userId', "user_id", 'countryCode', "country_code", 'isUkResident', "is_uk_resident",
                          'detectedAt', to_char("detected_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                          'method', "detection_method"::text, 'version', "version")
  FROM "residencies";
