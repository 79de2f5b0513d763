-- A card authorisation's hold as a row of its own, written with the hold's posting (one statement) and with
-- its cancellation (one transaction): whichever of the two comes second finds the row the first wrote, so
-- "hold unless released" and "release, giving back any hold" are ordered by this row's lock, with no
-- tombstone in the ledger (migration ledger_without_tombstones).
-- CreateTable
CREATE TABLE "card_authorizations" (
    "authorization_id" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "pot_id" UUID,
    "user_id" UUID,
    "held_pence" BIGINT NOT NULL DEFAULT 0,
    "released_pence" BIGINT NOT NULL DEFAULT 0,
    "release_reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "released_at" TIMESTAMPTZ(3),

    CONSTRAINT "card_authorizations_pkey" PRIMARY KEY ("authorization_id")
);

-- What Prisma cannot declare: the two states, and a release that gives back exactly what was held.
ALTER TABLE "card_authorizations"
    ADD CONSTRAINT "card_authorizations_state" CHECK ("state" IN ('held', 'released')),
    ADD CONSTRAINT "card_authorizations_amounts" CHECK (
        "held_pence" >= 0 AND "released_pence" = CASE "state" WHEN 'released' THEN "held_pence" ELSE 0 END);

-- Every hold the ledger has placed so far: released when its reversal was posted (the cancellation), held
-- otherwise. A redelivered decision then finds its authorisation here as it would have found it in the ledger.
INSERT INTO "card_authorizations"
    ("authorization_id", "state", "pot_id", "user_id", "held_pence", "released_pence", "release_reason",
     "created_at", "released_at")
SELECT substr(hold.idempotency_key, length('card-hold:') + 1),
       CASE WHEN reversal.id IS NULL THEN 'held' ELSE 'released' END,
       substr(pot.account_id, length('pot:') + 1)::uuid,
       (hold.metadata->>'userId')::uuid,
       -pot.amount_pence,
       CASE WHEN reversal.id IS NULL THEN 0 ELSE -pot.amount_pence END,
       reversal.description,
       hold.created_at,
       reversal.created_at
  FROM "ledger_transactions" hold
  JOIN "ledger_postings" pot ON pot.transaction_id = hold.id AND starts_with(pot.account_id, 'pot:')
  LEFT JOIN "ledger_transactions" reversal ON reversal.idempotency_key = 'reversal:' || hold.idempotency_key
 WHERE starts_with(hold.idempotency_key, 'card-hold:');
