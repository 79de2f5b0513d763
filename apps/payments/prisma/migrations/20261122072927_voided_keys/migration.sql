-- CreateTable
CREATE TABLE "ledger_voided_keys" (
    "idempotency_key" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "voided_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ledger_voided_keys_pkey" PRIMARY KEY ("idempotency_key")
);
