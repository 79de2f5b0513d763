-- CreateTable
CREATE TABLE "ledger_accounts" (
    "id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "owner_id" UUID,
    "balance_pence" BIGINT NOT NULL DEFAULT 0,
    "sequence" BIGINT NOT NULL DEFAULT 0,
    "allow_negative" BOOLEAN NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ledger_accounts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ledger_transactions" (
    "id" UUID NOT NULL,
    "idempotency_key" TEXT NOT NULL,
    "request_hash" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "reverses_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ledger_transactions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ledger_postings" (
    "id" BIGSERIAL NOT NULL,
    "transaction_id" UUID NOT NULL,
    "account_id" TEXT NOT NULL,
    "amount_pence" BIGINT NOT NULL,
    "balance_after" BIGINT NOT NULL,
    "account_sequence" BIGINT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ledger_postings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "funding_transactions" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "session_id" TEXT,
    "amount_pence" BIGINT NOT NULL,
    "fee_pence" BIGINT NOT NULL,
    "fee_rate" INTEGER NOT NULL,
    "is_uk_user" BOOLEAN NOT NULL,
    "method" TEXT NOT NULL,
    "destination_type" TEXT NOT NULL,
    "destination_id" UUID,
    "destination_name" TEXT NOT NULL,
    "credit_account_id" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "failure_reason" TEXT,
    "ledger_transaction_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completed_at" TIMESTAMPTZ(3),

    CONSTRAINT "funding_transactions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "withdrawals" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "source_type" TEXT NOT NULL,
    "pot_id" UUID,
    "source_name" TEXT NOT NULL,
    "source_account_id" TEXT NOT NULL,
    "amount_pence" BIGINT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "stripe_account_id" TEXT,
    "destination" TEXT NOT NULL,
    "payout_id" TEXT,
    "failure_reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "settled_at" TIMESTAMPTZ(3),

    CONSTRAINT "withdrawals_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "top_up_requests" (
    "id" UUID NOT NULL,
    "requester_id" UUID NOT NULL,
    "requester_name" TEXT NOT NULL,
    "amount_pence" BIGINT NOT NULL,
    "message" TEXT NOT NULL,
    "target_type" TEXT NOT NULL,
    "pot_id" UUID,
    "target_name" TEXT NOT NULL,
    "recipients" TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "top_up_requests_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "stripe_events" (
    "id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "processed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "stripe_events_pkey" PRIMARY KEY ("id")
);

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

-- CreateIndex
CREATE UNIQUE INDEX "ledger_transactions_idempotency_key_key" ON "ledger_transactions"("idempotency_key");

-- CreateIndex
CREATE UNIQUE INDEX "ledger_transactions_reverses_id_key" ON "ledger_transactions"("reverses_id");

-- CreateIndex
CREATE INDEX "ledger_postings_transaction_id_idx" ON "ledger_postings"("transaction_id");

-- CreateIndex
CREATE UNIQUE INDEX "ledger_postings_account_id_account_sequence_key" ON "ledger_postings"("account_id", "account_sequence");

-- CreateIndex
CREATE UNIQUE INDEX "funding_transactions_session_id_key" ON "funding_transactions"("session_id");

-- CreateIndex
CREATE INDEX "funding_transactions_user_id_created_at_idx" ON "funding_transactions"("user_id", "created_at" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "withdrawals_payout_id_key" ON "withdrawals"("payout_id");

-- CreateIndex
CREATE INDEX "withdrawals_user_id_created_at_idx" ON "withdrawals"("user_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "top_up_requests_requester_id_created_at_idx" ON "top_up_requests"("requester_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "outbox_relayed_at_created_at_idx" ON "outbox"("relayed_at", "created_at");

-- AddForeignKey
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_transaction_id_fkey" FOREIGN KEY ("transaction_id") REFERENCES "ledger_transactions"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "ledger_accounts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Hand-written: the ledger's guarantees, enforced by the database whatever the code does.

-- Wallets and pots never go below zero.
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_protected_non_negative"
  CHECK ("allow_negative" OR "balance_pence" >= 0);

-- A posting moves money; a zero posting is a bug.
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_amount_non_zero" CHECK ("amount_pence" <> 0);

-- Append-only: postings and transactions are never updated or deleted (corrections are reversals).
CREATE FUNCTION "ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger rows are append-only (% on %)', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END $$;

CREATE TRIGGER "ledger_postings_append_only" BEFORE UPDATE OR DELETE ON "ledger_postings"
  FOR EACH ROW EXECUTE FUNCTION "ledger_append_only"();
CREATE TRIGGER "ledger_postings_no_truncate" BEFORE TRUNCATE ON "ledger_postings"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_append_only"();
CREATE TRIGGER "ledger_transactions_append_only" BEFORE UPDATE OR DELETE ON "ledger_transactions"
  FOR EACH ROW EXECUTE FUNCTION "ledger_append_only"();
CREATE TRIGGER "ledger_transactions_no_truncate" BEFORE TRUNCATE ON "ledger_transactions"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_append_only"();

-- Every transaction has at least two postings summing to zero, checked at commit.
CREATE FUNCTION "ledger_transaction_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total BIGINT;
  legs INTEGER;
BEGIN
  SELECT COALESCE(SUM("amount_pence"), 0), COUNT(*) INTO total, legs
    FROM "ledger_postings" WHERE "transaction_id" = NEW."transaction_id";
  IF total <> 0 OR legs < 2 THEN
    RAISE EXCEPTION 'ledger transaction % is unbalanced (sum %, % postings)', NEW."transaction_id", total, legs
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER "ledger_postings_balanced" AFTER INSERT ON "ledger_postings"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_transaction_balanced"();
