-- AlterTable
ALTER TABLE "users" ADD COLUMN     "deleted_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "sessions" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "user_agent" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ended_at" TIMESTAMPTZ(3),

    CONSTRAINT "sessions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "sessions_user_id_ended_at_idx" ON "sessions"("user_id", "ended_at");

-- AddForeignKey
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Sessions opened before this migration: one row per live refresh-token family, so the account page
-- lists them too (their device is unknown until they sign in again).
INSERT INTO "sessions" ("id", "user_id", "user_agent", "created_at", "last_seen_at")
SELECT "family_id", "user_id", NULL, min("created_at"), max("created_at")
  FROM "refresh_tokens"
 WHERE "revoked_at" IS NULL
 GROUP BY "family_id", "user_id";
