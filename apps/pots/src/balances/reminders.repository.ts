import type { Transfer } from '@kitty/money';

import type { Tx } from '../prisma.service';

/** What the pot row says was reminded on one UK day (the balances read shows it when that day is today). */
export interface RemindedToday {
  day: string;
  pairs: [debtorMemberId: string, creditorMemberId: string][];
}

/** The pot's name and its stored settle-up plan. */
export const potName = (tx: Tx, potId: string) =>
  tx.pot.findUniqueOrThrow({ where: { id: potId }, select: { name: true } });

/** Those of these members still in the pot, with their addresses. */
export const currentMembersWithAddress = (tx: Tx, potId: string, memberIds: string[]) =>
  tx.potMember.findMany({
    where: { potId, removedAt: null, id: { in: memberIds } },
    select: { id: true, userId: true, name: true, email: true },
  });

/**
 * Inserts today's row for the transfer (the UK calendar day as Postgres sees it: one clock for every
 * replica). Answers whether it was inserted, the UK day (YYYY-MM-DD) and the seconds left of it.
 */
export async function insertTodaysReminder(
  tx: Tx,
  potId: string,
  transfer: Transfer,
  remindedBy: string,
): Promise<{ inserted: boolean; day: string; seconds_left: number }> {
  const [outcome] = await tx.$queryRaw<{ inserted: boolean; day: string; seconds_left: number }[]>`
    WITH inserted AS (
      INSERT INTO pot_reminders (pot_id, debtor_member_id, creditor_member_id, uk_day, reminded_by, amount_pence)
      VALUES (${potId}::uuid, ${transfer.from}::uuid, ${transfer.to}::uuid,
              (now() AT TIME ZONE 'Europe/London')::date, ${remindedBy}::uuid, ${transfer.amountPence})
      ON CONFLICT DO NOTHING
      RETURNING 1
    )
    SELECT EXISTS (SELECT 1 FROM inserted) AS inserted, (now() AT TIME ZONE 'Europe/London')::date::text AS day,
           ceil(extract(epoch FROM
             (date_trunc('day', now() AT TIME ZONE 'Europe/London') + interval '1 day')
               AT TIME ZONE 'Europe/London' - now()))::int AS seconds_left`;
  return outcome;
}

/**
 * Adds the debt to the pot row's list for `day` (a new day starts a new list). The row's lock orders
 * concurrent reminders of different debts in one pot, so none is lost.
 */
export async function showRemindedToday(tx: Tx, potId: string, day: string, transfer: Transfer): Promise<void> {
  await tx.$executeRaw`
    UPDATE pots SET reminded_today =
      CASE WHEN reminded_today->>'day' = ${day}
           THEN jsonb_set(reminded_today, '{pairs}',
                          (reminded_today->'pairs') || jsonb_build_array(jsonb_build_array(${transfer.from}::text, ${transfer.to}::text)))
           ELSE jsonb_build_object('day', ${day}::text, 'pairs',
                                   jsonb_build_array(jsonb_build_array(${transfer.from}::text, ${transfer.to}::text)))
      END
    WHERE id = ${potId}::uuid`;
}
