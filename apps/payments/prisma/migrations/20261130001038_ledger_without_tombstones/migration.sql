-- The ledger keeps no tombstones. A key reversed before it was posted was voided (ledger_voided_keys) and
-- every post took a per-key advisory lock, so "post unless voided" and "void if never posted" could not
-- interleave. Payments is now the only writer of money and every reversal follows its posting, except a card
-- hold that Stripe closes before the hold commits: card_authorizations orders those two by its row (migration
-- card_authorizations). ledger_post and ledger_post_or_refuse are made again without the lock argument and
-- the voided check; otherwise they answer as before ('posted', 'replay', 'insufficient', 'closed').

-- A voided card-hold key is an authorisation released before its hold: its row says so, and a decision still
-- redelivered for it finds the row and holds nothing. Other voided keys (expense:, settlement:) were
-- compensations of pots' retired post-then-record saga (and refunds handed over from it) that found nothing to
-- undo. Nothing posts them on its own any more: such a key is posted again only by a retry of the command
-- that chose it, whose first attempt moved nothing and recorded nothing, so that posting is its first and
-- only effect, recorded by pots from payments' event like any other.
INSERT INTO "card_authorizations" ("authorization_id", "state", "release_reason", "created_at", "released_at")
SELECT substr(v.idempotency_key, length('card-hold:') + 1), 'released', v.reason, v.voided_at, v.voided_at
  FROM "ledger_voided_keys" v
 WHERE starts_with(v.idempotency_key, 'card-hold:')
ON CONFLICT ("authorization_id") DO NOTHING;

CREATE FUNCTION "ledger_post"(
    p_key TEXT,
    p_hash TEXT,
    p_kind TEXT,
    p_description TEXT,
    p_metadata JSONB,
    p_reverses UUID,
    p_accounts TEXT[],
    p_account_kinds TEXT[],
    p_owners UUID[],
    p_allow_negative BOOLEAN[],
    p_amounts BIGINT[]
) RETURNS TABLE (outcome TEXT, transaction_id UUID, account_id TEXT, balance_pence BIGINT, sequence BIGINT)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
    posted_id UUID;
    new_balance BIGINT;
    new_sequence BIGINT;
    balances BIGINT[] := '{}';
    sequences BIGINT[] := '{}';
BEGIN
    -- A concurrent post of the same key waits here on the unique index until the first commits, then replays.
    INSERT INTO ledger_transactions (id, idempotency_key, request_hash, kind, description, metadata, reverses_id)
    VALUES (gen_random_uuid(), p_key, p_hash, p_kind, p_description, p_metadata, p_reverses)
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING id INTO posted_id;
    IF posted_id IS NULL THEN
        RETURN QUERY SELECT 'replay'::TEXT, NULL::UUID, NULL::TEXT, NULL::BIGINT, NULL::BIGINT;
        RETURN;
    END IF;
    INSERT INTO ledger_accounts (id, kind, owner_id, allow_negative)
    SELECT * FROM unnest(p_accounts, p_account_kinds, p_owners, p_allow_negative)
    ON CONFLICT (id) DO NOTHING;
    FOR i IN 1 .. array_length(p_accounts, 1) LOOP
        UPDATE ledger_accounts a
           SET balance_pence = a.balance_pence + p_amounts[i], sequence = a.sequence + 1, updated_at = now()
         WHERE a.id = p_accounts[i] AND (a.allow_negative OR a.balance_pence + p_amounts[i] >= 0)
           AND (a.closed_at IS NULL OR p_amounts[i] < 0)
        RETURNING a.balance_pence, a.sequence INTO new_balance, new_sequence;
        IF NOT FOUND THEN
            -- A credit never makes a balance negative: refused, it met a closed account.
            RETURN QUERY SELECT CASE WHEN p_amounts[i] > 0 THEN 'closed' ELSE 'insufficient' END,
                                posted_id, p_accounts[i], NULL::BIGINT, NULL::BIGINT;
            RETURN;
        END IF;
        balances := balances || new_balance;
        sequences := sequences || new_sequence;
    END LOOP;
    INSERT INTO ledger_postings (transaction_id, account_id, amount_pence, balance_after, account_sequence)
    SELECT posted_id, t.a, t.amount, t.b, t.s FROM unnest(p_accounts, p_amounts, balances, sequences) AS t(a, amount, b, s);
    RETURN QUERY SELECT 'posted'::TEXT, posted_id, t.a, t.b, t.s FROM unnest(p_accounts, balances, sequences) AS t(a, b, s);
END
$$;

CREATE FUNCTION "ledger_post_or_refuse"(
    p_key TEXT,
    p_hash TEXT,
    p_kind TEXT,
    p_description TEXT,
    p_metadata JSONB,
    p_reverses UUID,
    p_accounts TEXT[],
    p_account_kinds TEXT[],
    p_owners UUID[],
    p_allow_negative BOOLEAN[],
    p_amounts BIGINT[]
) RETURNS TABLE (outcome TEXT, transaction_id UUID, account_id TEXT, balance_pence BIGINT, sequence BIGINT)
LANGUAGE plpgsql AS $$
DECLARE
    result RECORD;
    i INT;
BEGIN
    IF NOT EXISTS (SELECT 1 FROM ledger_transactions t WHERE t.idempotency_key = p_key) THEN
        FOR i IN 1 .. coalesce(array_length(p_accounts, 1), 0) LOOP
            IF p_amounts[i] < 0 AND NOT p_allow_negative[i]
               AND coalesce((SELECT a.balance_pence FROM ledger_accounts a WHERE a.id = p_accounts[i]), 0)
                   + p_amounts[i] < 0 THEN
                RAISE EXCEPTION 'insufficient funds' USING ERRCODE = 'KL001', DETAIL = p_accounts[i];
            END IF;
        END LOOP;
    END IF;
    FOR result IN
        SELECT * FROM ledger_post(p_key, p_hash, p_kind, p_description, p_metadata, p_reverses,
                                  p_accounts, p_account_kinds, p_owners, p_allow_negative, p_amounts)
    LOOP
        IF result.outcome = 'insufficient' THEN
            RAISE EXCEPTION 'insufficient funds' USING ERRCODE = 'KL001', DETAIL = result.account_id;
        END IF;
        IF result.outcome = 'closed' THEN
            RAISE EXCEPTION 'account closed' USING ERRCODE = 'KL002', DETAIL = result.account_id;
        END IF;
        outcome := result.outcome;
        transaction_id := result.transaction_id;
        account_id := result.account_id;
        balance_pence := result.balance_pence;
        sequence := result.sequence;
        RETURN NEXT;
    END LOOP;
END
$$;

-- The release still running while this one rolls out (docs/deploy.md: old pods keep serving) calls both with
-- the lock argument first. Until the next release's migration drops them, those calls reach the functions
-- above, with no lock taken; a card hold of that release is refused for an authorisation released here, as
-- it was for a voided key. (Its reversal of a key never posted fails on the dropped table and is retried,
-- reaching this release.)
CREATE OR REPLACE FUNCTION "ledger_post"(
    p_lock BIGINT,
    p_key TEXT,
    p_hash TEXT,
    p_kind TEXT,
    p_description TEXT,
    p_metadata JSONB,
    p_reverses UUID,
    p_accounts TEXT[],
    p_account_kinds TEXT[],
    p_owners UUID[],
    p_allow_negative BOOLEAN[],
    p_amounts BIGINT[]
) RETURNS TABLE (outcome TEXT, transaction_id UUID, account_id TEXT, balance_pence BIGINT, sequence BIGINT)
LANGUAGE plpgsql AS $$
BEGIN
    IF starts_with(p_key, 'card-hold:') AND EXISTS (
        SELECT 1 FROM card_authorizations c
         WHERE c.authorization_id = substr(p_key, length('card-hold:') + 1) AND c.state = 'released') THEN
        RETURN QUERY SELECT 'voided'::TEXT, NULL::UUID, NULL::TEXT, NULL::BIGINT, NULL::BIGINT;
        RETURN;
    END IF;
    RETURN QUERY SELECT * FROM ledger_post(p_key, p_hash, p_kind, p_description, p_metadata, p_reverses,
                                           p_accounts, p_account_kinds, p_owners, p_allow_negative, p_amounts);
END
$$;

CREATE OR REPLACE FUNCTION "ledger_post_or_refuse"(
    p_lock BIGINT,
    p_key TEXT,
    p_hash TEXT,
    p_kind TEXT,
    p_description TEXT,
    p_metadata JSONB,
    p_reverses UUID,
    p_accounts TEXT[],
    p_account_kinds TEXT[],
    p_owners UUID[],
    p_allow_negative BOOLEAN[],
    p_amounts BIGINT[]
) RETURNS TABLE (outcome TEXT, transaction_id UUID, account_id TEXT, balance_pence BIGINT, sequence BIGINT)
LANGUAGE plpgsql AS $$
BEGIN
    IF starts_with(p_key, 'card-hold:') AND EXISTS (
        SELECT 1 FROM card_authorizations c
         WHERE c.authorization_id = substr(p_key, length('card-hold:') + 1) AND c.state = 'released') THEN
        RETURN QUERY SELECT 'voided'::TEXT, NULL::UUID, NULL::TEXT, NULL::BIGINT, NULL::BIGINT;
        RETURN;
    END IF;
    RETURN QUERY SELECT * FROM ledger_post_or_refuse(p_key, p_hash, p_kind, p_description, p_metadata, p_reverses,
                                                     p_accounts, p_account_kinds, p_owners, p_allow_negative,
                                                     p_amounts);
END
$$;

-- DropTable
DROP TABLE "ledger_voided_keys";
