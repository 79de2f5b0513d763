-- ledger_post for a posting that is its own transaction (issue 15 §2): a card hold, release or capture runs
-- as one autocommitted statement, so the pot's row lock is held for the statement and its commit, not
-- across the driver's round trips to the outbox insert and COMMIT. A posting the account cannot pay must
-- then undo itself: where ledger_post answers 'insufficient' (its caller rolls back), this raises
-- SQLSTATE KL001 with the account in DETAIL, which rolls back the statement and everything it wrote.
CREATE FUNCTION "ledger_post_or_refuse"(
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
DECLARE
    result RECORD;
BEGIN
    FOR result IN
        SELECT * FROM ledger_post(p_lock, p_key, p_hash, p_kind, p_description, p_metadata, p_reverses,
                                  p_accounts, p_account_kinds, p_owners, p_allow_negative, p_amounts)
    LOOP
        IF result.outcome = 'insufficient' THEN
            RAISE EXCEPTION 'insufficient funds' USING ERRCODE = 'KL001', DETAIL = result.account_id;
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
