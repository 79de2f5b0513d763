-- One ledger balance event applied to a pot in one round trip (issue 15 §2): the pot's row lock, the newest-wins
-- balance, the transaction's row (once per source_ref), the running totals and the member's contribution, and
-- the current members to tell. Through the driver these were eight statements with the pot's lock held across
-- all of them; every card hold and pot-paid expense sets one off. What only some kinds need (activity lines,
-- notices) stays in the caller, in the same transaction.
-- Returns no row for a pot that does not exist (pots are never deleted).
CREATE FUNCTION "pot_balance_apply"(
    p_pot UUID,
    p_balance BIGINT,
    p_sequence BIGINT,
    p_user UUID,
    p_type TEXT,
    p_description TEXT,
    p_amount BIGINT,
    p_source_ref TEXT,
    p_occurred_at TIMESTAMPTZ,
    p_system_label TEXT,
    p_added BIGINT,
    p_spent BIGINT
) RETURNS TABLE (inserted BOOLEAN, member_name TEXT, member_user_ids UUID[])
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
    found_member_id UUID;
    found_member_name TEXT;
    inserted_rows INTEGER;
BEGIN
    -- The pot's lock first, as every pot writer does (ADR 0006).
    PERFORM 1 FROM pots WHERE id = p_pot FOR UPDATE;
    IF NOT FOUND THEN
        RETURN;
    END IF;
    UPDATE pots SET balance_pence = p_balance, balance_sequence = p_sequence, updated_at = now()
     WHERE id = p_pot AND balance_sequence < p_sequence;
    IF p_user IS NOT NULL THEN
        SELECT m.id, m.name INTO found_member_id, found_member_name
          FROM pot_members m WHERE m.pot_id = p_pot AND m.user_id = p_user;
    END IF;
    INSERT INTO pot_transactions (id, pot_id, type, description, member_name, amount_pence, source_ref, created_at)
    VALUES (gen_random_uuid(), p_pot, p_type, p_description, COALESCE(found_member_name, p_system_label),
            p_amount, p_source_ref, p_occurred_at)
    ON CONFLICT (source_ref) DO NOTHING;
    GET DIAGNOSTICS inserted_rows = ROW_COUNT;
    IF inserted_rows > 0 THEN
        UPDATE pots SET total_added_pence = total_added_pence + p_added,
                        total_spent_pence = total_spent_pence + p_spent,
                        transaction_count = transaction_count + 1
         WHERE id = p_pot;
        IF found_member_id IS NOT NULL AND p_added <> 0 THEN
            UPDATE pot_members SET added_pence = added_pence + p_added WHERE id = found_member_id;
        END IF;
    END IF;
    RETURN QUERY
    SELECT inserted_rows > 0, found_member_name,
           COALESCE(ARRAY(SELECT m.user_id FROM pot_members m
                           WHERE m.pot_id = p_pot AND m.removed_at IS NULL AND m.user_id IS NOT NULL), '{}');
END;
$$;
