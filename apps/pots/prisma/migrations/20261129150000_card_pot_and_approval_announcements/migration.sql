-- AlterTable
ALTER TABLE "spend_approvals" ADD COLUMN     "use_version" BIGINT NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "card_pot_versions" (
    "user_id" UUID NOT NULL,
    "version" BIGINT NOT NULL,

    CONSTRAINT "card_pot_versions_pkey" PRIMARY KEY ("user_id")
);

-- Payments learns once what it now decides card payments on: every user's active pot (version 1 of each,
-- as announceCardPot writes it) and every approval granted, unused and unexpired (as the approval announces
-- it). Approvals used before stay used: pots keeps showing them so, and payments never gives them back.
INSERT INTO "card_pot_versions" ("user_id", "version") SELECT "user_id", 1 FROM "user_active_pot";
INSERT INTO "outbox" ("id", "queue", "job_name", "payload")
SELECT gen_random_uuid(), 'payments-pot-access', 'pots.card-pot.changed.v1',
  jsonb_build_object('userId', a.user_id, 'potId', a.pot_id, 'version', 1)
FROM "user_active_pot" a;
INSERT INTO "outbox" ("id", "queue", "job_name", "payload")
SELECT gen_random_uuid(), 'payments-pot-access', 'pots.spend-approval.changed.v1',
  jsonb_build_object(
    'approvalId', s.id,
    'potId', s.pot_id,
    'userId', s.user_id,
    'amountPence', s.amount_pence,
    'expiresAt', to_char(s.expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'withdrawn', false)
FROM "spend_approvals" s
WHERE s.status = 'approved' AND s.expires_at > now();
