-- A member's own money moving (top-up, withdrawal, card payment, recorded from the ledger's events) marks the
-- pot's settle-up plan stale instead of the projection working it out again in the same transaction: a card
-- hold is then one statement, and the plan is worked out by the next read (or the next writer that replans).

-- AlterTable
ALTER TABLE "pots" ADD COLUMN     "settle_plan_stale" BOOLEAN NOT NULL DEFAULT false;


-- pot_balance_apply as before; a position it moves marks the plan stale (same signature and result).
CREATE OR REPLACE FUNCTION "pot_balance_apply"(
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
    p_spent BIGINT,
    p_position BIGINT
) RETURNS TABLE (inserted BOOLEAN, member_name TEXT, member_user_ids UUID[], position_moved BOOLEAN)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
    found_member_id UUID;
    found_member_name TEXT;
    inserted_rows INTEGER;
    moved BOOLEAN := false;
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
                        transaction_count = transaction_count + 1,
                        settle_plan_stale = settle_plan_stale OR (found_member_id IS NOT NULL AND p_position <> 0)
         WHERE id = p_pot;
        IF found_member_id IS NOT NULL AND (p_added <> 0 OR p_position <> 0) THEN
            UPDATE pot_members SET added_pence = added_pence + p_added, net_pence = net_pence + p_position
             WHERE id = found_member_id;
            IF p_position <> 0 THEN
                -- The nil UUID (the pot) sorts before every member id: it is always the pair's low side.
                INSERT INTO pot_debts AS d (pot_id, low_member_id, high_member_id, low_owes_high_pence)
                VALUES (p_pot, '00000000-0000-0000-0000-000000000000', found_member_id, p_position)
                ON CONFLICT (pot_id, low_member_id, high_member_id)
                DO UPDATE SET low_owes_high_pence = d.low_owes_high_pence + EXCLUDED.low_owes_high_pence;
                moved := true;
            END IF;
        END IF;
    END IF;
    RETURN QUERY
    SELECT inserted_rows > 0, found_member_name,
           COALESCE(ARRAY(SELECT m.user_id FROM pot_members m
                           WHERE m.pot_id = p_pot AND m.removed_at IS NULL AND m.user_id IS NOT NULL), '{}'),
           moved;
END;
$$;
