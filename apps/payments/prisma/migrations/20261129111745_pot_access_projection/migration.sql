-- CreateTable
CREATE TABLE "pot_access" (
    "pot_id" UUID NOT NULL,
    "version" BIGINT NOT NULL,
    "name" TEXT NOT NULL,
    "is_active" BOOLEAN NOT NULL,
    "rules" JSONB NOT NULL,
    "members" JSONB NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "pot_access_pkey" PRIMARY KEY ("pot_id")
);
