-- One ledger posting in one round trip (issue 15 §2, §3): the key's lock, the voided check, the transaction
-- row, the accounts, each account's conditional balance update (in the order given: the callers' lock
-- order) and the posting lines. Ten statements through the driver held the pot's row lock across ten round
-- trips; here the lock is held for one. Outcomes: 'voided' (nothing written), 'replay' (the key was posted
-- before: the caller checks the request hash), 'insufficient' (the account named could not pay: the caller
-- abandons the transaction, which undoes what was written), 'posted' (one row per account: its balance and
-- sequence after the posting).
CREATE FUNCTION "ledger_post"(
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
#variable_conflict use_column
DECLARE
    posted_id UUID;
    new_balance BIGINT;
    new_sequence BIGINT;
    balances BIGINT[] := '{}';
    sequences BIGINT[] := '{}';
BEGIN
    -- Serialises a post and a reversal of the same key (see lockKey in ledger.service.ts).
    PERFORM pg_advisory_xact_lock(p_lock);
    IF EXISTS (SELECT 1 FROM ledger_voided_keys v WHERE v.idempotency_key = p_key) THEN
        RETURN QUERY SELECT 'voided'::TEXT, NULL::UUID, NULL::TEXT, NULL::BIGINT, NULL::BIGINT;
        RETURN;
    END IF;
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
        RETURNING a.balance_pence, a.sequence INTO new_balance, new_sequence;
        IF NOT FOUND THEN
            RETURN QUERY SELECT 'insufficient'::TEXT, posted_id, p_accounts[i], NULL::BIGINT, NULL::BIGINT;
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
