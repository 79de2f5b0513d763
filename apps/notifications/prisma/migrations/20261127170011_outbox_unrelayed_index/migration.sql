-- DropIndex
DROP INDEX "outbox_relayed_at_created_at_idx";

-- The relay's poll (relayed_at IS NULL, oldest first) walks only rows not yet relayed: a relayed row's new
-- version is not indexed here, and its old entry is skipped once a scan has marked it dead (OutboxRelay runs
-- the poll as a plain index scan for that), so polls stay cheap however many rows were relayed.
CREATE INDEX "outbox_unrelayed_idx" ON "outbox"("created_at") WHERE "relayed_at" IS NULL;
