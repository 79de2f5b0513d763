-- Money a member puts into a pot, or takes out of it, is theirs (docs/adr/0018-pot-money-belongs-to-its-members.md):
-- it moves their position, and the pot is a party to who-owes-whom (the nil UUID in pot_debts), owing each
-- member what it holds of theirs. A pot-paid expense's shares now move positions too (the service does that).

-- pot_balance_apply as before, plus the member's position: p_position (the pot's balance change for a top-up,
-- a withdrawal, a card payment and their undoing; 0 for a pot-paid expense, whose shares move positions) is
-- added to the member who caused it, with the pair between them and the pot, once per transaction. Returns
-- whether it moved a position, so the caller refreshes the settle-up plan in the same transaction.
DROP FUNCTION "pot_balance_apply"(UUID, BIGINT, BIGINT, UUID, TEXT, TEXT, BIGINT, TEXT, TIMESTAMPTZ, TEXT, BIGINT, BIGINT);

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
                        transaction_count = transaction_count + 1
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

-- Existing pots: what each current member put in (their top-ups, already counted per member) less what they
-- withdrew to their bank (the ledger's withdrawal rows, by the member's name where no other member of the pot
-- shares it) and less their shares of the pot-paid expenses that stand. The pot owes each member the first
-- part and is owed the shares, so one pair per member carries the difference. Card payments made before now
-- carry no member the pots service can tell apart from other rows, so they stay with nobody.
WITH own_money AS (
    SELECT m.id AS member_id, m.pot_id,
           m.added_pence
           - COALESCE((SELECT sum(CASE WHEN t.type = 'debit' THEN t.amount_pence ELSE -t.amount_pence END)
                         FROM pot_transactions t
                        WHERE t.pot_id = m.pot_id AND t.member_name = m.name
                          AND t.description IN ('Withdrawal to bank account', 'Withdrawal returned: the payout failed')
                          AND NOT EXISTS (SELECT 1 FROM pot_members o
                                           WHERE o.pot_id = m.pot_id AND o.name = m.name AND o.id <> m.id)),
                      0) AS own_pence,
           COALESCE((SELECT sum(s.amount_pence)
                       FROM expense_shares s JOIN expenses e ON e.id = s.expense_id
                      WHERE s.member_id = m.id AND e.paid_from = 'pot' AND e.status = 'confirmed'
                        AND e.deleted_at IS NULL),
                    0) AS shares_pence
      FROM pot_members m
     WHERE m.removed_at IS NULL
), moved AS (
    UPDATE pot_members m SET net_pence = m.net_pence + o.own_pence - o.shares_pence
      FROM own_money o
     WHERE m.id = o.member_id AND o.own_pence - o.shares_pence <> 0
 RETURNING m.id, m.pot_id, o.own_pence - o.shares_pence AS delta
)
INSERT INTO pot_debts AS d (pot_id, low_member_id, high_member_id, low_owes_high_pence)
SELECT pot_id, '00000000-0000-0000-0000-000000000000', id, delta FROM moved
ON CONFLICT (pot_id, low_member_id, high_member_id)
DO UPDATE SET low_owes_high_pence = d.low_owes_high_pence + EXCLUDED.low_owes_high_pence;

-- Every pot's settle-up plan is worked out again from the new positions the next time it is read or moved.
UPDATE pots SET settle_plan = NULL;
