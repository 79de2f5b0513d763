-- ledger_post_or_refuse refuses a posting that a protected account (a wallet or a pot) clearly cannot pay
-- before queueing on that account's row lock (issue 15 §2). A card hold asked this in a statement of its
-- own first (CardMoneyService.clearlyShort): one more round trip for every authorisation Stripe waits on.
-- The read takes no lock and sees committed balances only, so it can only refuse early what the locked,
-- conditional update would refuse too unless money arrives meanwhile; that update stays the sole judge of
-- every posting that goes ahead. A key already posted is answered by ledger_post as before (a replay).
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
