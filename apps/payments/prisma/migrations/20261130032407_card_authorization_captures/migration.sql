-- What an authorisation's captures moved to card:spend, counted on its row in the transaction of each
-- capture's posting. Additive: the release before this one neither reads nor writes the column, and its
-- captures (which do not name their authorisation) count nothing here.
-- AlterTable
ALTER TABLE "card_authorizations" ADD COLUMN     "captured_pence" BIGINT NOT NULL DEFAULT 0;

ALTER TABLE "card_authorizations"
    ADD CONSTRAINT "card_authorizations_captured" CHECK ("captured_pence" >= 0);
