-- Pots no longer moves money itself: payments pays for pot-paid expenses and settlements with Kitty and writes
-- the event pots records them from, so nothing is left to compensate. A posting still waiting for its
-- compensation (its record never committed, or a deleted expense's refund not yet made) is handed to payments
-- as a refund, exactly once, through the outbox; a refund of a posting the ledger never made gives nothing back.
INSERT INTO "outbox" ("id", "queue", "job_name", "payload")
SELECT gen_random_uuid(), 'payments-pot-commands', 'pots.payment.refund-due.v1',
  jsonb_build_object(
    'target', CASE
      WHEN c.ledger_key LIKE 'expense:%'
        THEN jsonb_build_object('type', 'expense', 'expenseId', substr(c.ledger_key, length('expense:') + 1))
      ELSE jsonb_build_object('type', 'settlement', 'settlementId', substr(c.ledger_key, length('settlement:') + 1))
    END,
    'reason', left(c.reason, 200))
FROM "ledger_compensations" c
WHERE c.ledger_key LIKE 'expense:%' OR c.ledger_key LIKE 'settlement:%';

-- DropTable
DROP TABLE "ledger_compensations";
