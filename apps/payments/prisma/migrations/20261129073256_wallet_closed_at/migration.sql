-- A wallet whose owner deletes their account is closed: `closed_at` is set under the wallet's balance row
-- lock, only when it is empty (WalletClosingService), and from then on every credit to it is refused by the
-- same conditional UPDATE that takes that lock. So a deletion and a payment to the person deleting are
-- ordered whichever comes first: the payment lands before (and the closing refuses a non-empty wallet) or
-- it is refused after. Debits stay possible (there is nothing to debit). ledger_post answers 'closed';
-- ledger_post_or_refuse raises it as SQLSTATE KL002 so that its statement writes nothing.
-- AlterTable
ALTER TABLE "ledger_accounts" ADD COLUMN     "closed_at" TIMESTAMPTZ(3);

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
