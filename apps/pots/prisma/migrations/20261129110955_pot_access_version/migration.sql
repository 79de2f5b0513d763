-- AlterTable
ALTER TABLE "pots" ADD COLUMN     "access_version" BIGINT NOT NULL DEFAULT 0;

-- Payments learns every existing pot's access once: version 1 of each snapshot, as announcePotAccess writes it.
UPDATE "pots" SET "access_version" = 1;
INSERT INTO "outbox" ("id", "queue", "job_name", "payload")
SELECT gen_random_uuid(), 'payments-pot-access', 'pots.pot-access.changed.v1',
  jsonb_build_object(
    'potId', p.id,
    'version', 1,
    'name', p.name,
    'isActive', p.is_active,
    'rules', jsonb_build_object(
      'withdrawRule', p.withdraw_rule,
      'spendRule', p.spend_rule,
      'approvalAbovePence', p.approval_above_pence,
      'inviteRule', p.invite_rule,
      'simplifyDebts', p.simplify_debts),
    'members', COALESCE((
      SELECT jsonb_agg(jsonb_build_object(
          'userId', m.user_id,
          'role', m.role,
          'name', m.name,
          'joinedAt', to_char(m.joined_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
        ORDER BY m.joined_at)
      FROM "pot_members" m
      WHERE m.pot_id = p.id AND m.removed_at IS NULL AND m.user_id IS NOT NULL AND m.role IN ('owner', 'member')
    ), '[]'::jsonb))
FROM "pots" p;
