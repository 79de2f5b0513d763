import type { Tx } from '../prisma.service';

/** The withdrawal columns a settlement needs, as the conditional UPDATE returns them. */
export interface PendingWithdrawal {
  id: string;
  user_id: string;
  source_account_id: string;
  amount_pence: bigint;
}

/** The withdrawal under its row lock, with its status (undefined: no such withdrawal). */
export async function lockWithdrawalToRelease(
  tx: Tx,
  withdrawalId: string,
): Promise<(PendingWithdrawal & { status: string }) | undefined> {
  const [withdrawal] = await tx.$queryRawUnsafe<(PendingWithdrawal & { status: string })[]>(
    `SELECT id, user_id, source_account_id, amount_pence, status FROM withdrawals
      WHERE id = $1::uuid FOR UPDATE`,
    withdrawalId,
  );
  return withdrawal;
}

/** Marks the withdrawal failed, keeping a payout id it already had. */
export async function markWithdrawalFailed(
  tx: Tx,
  withdrawalId: string,
  reason: string,
  payoutId: string | null,
): Promise<void> {
  await tx.$executeRawUnsafe(
    `UPDATE withdrawals
        SET status = 'failed', failure_reason = $2, payout_id = COALESCE(payout_id, $3),
            settled_at = now(), updated_at = now()
      WHERE id = $1::uuid`,
    withdrawalId,
    reason,
    payoutId,
  );
}

/** Marks a pending withdrawal paid; the conditional UPDATE lets only the first outcome through. */
export async function markWithdrawalPaid(
  tx: Tx,
  withdrawalId: string,
  payoutId: string,
): Promise<PendingWithdrawal | null> {
  const rows = await tx.$queryRawUnsafe<PendingWithdrawal[]>(
    `UPDATE withdrawals
        SET status = 'paid', payout_id = COALESCE(payout_id, $2), settled_at = now(), updated_at = now()
      WHERE id = $1::uuid AND status = 'pending'
      RETURNING id, user_id, source_account_id, amount_pence`,
    withdrawalId,
    payoutId,
  );
  return rows[0] ?? null;
}

/**
 * What the member took from the pot in the last `windowMs` (withdrawals awaiting approval, pending or
 * paid), counted under a transaction lock per member and pot: withdrawals asked for at once are counted
 * one after another.
 */
export async function withdrawnInWindow(
  tx: Tx,
  userId: string,
  potId: string,
  windowMs: number,
): Promise<bigint> {
  await tx.$executeRawUnsafe(
    `SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`,
    `withdrawal-window:${potId}:${userId}`,
  );
  const [window] = await tx.$queryRawUnsafe<{ taken: bigint }[]>(
    `SELECT COALESCE(SUM(amount_pence), 0)::bigint AS taken FROM withdrawals
      WHERE user_id = $1::uuid AND pot_id = $2::uuid AND status IN ('awaiting_approval', 'pending', 'paid')
        AND created_at > now() - ($3::int * interval '1 millisecond')`,
    userId,
    potId,
    windowMs,
  );
  return window?.taken ?? 0n;
}

/** The withdrawal's status under its row lock (undefined: no such withdrawal). */
export async function lockedWithdrawalStatus(
  tx: Tx,
  withdrawalId: string,
): Promise<{ status: string } | undefined> {
  const [row] = await tx.$queryRawUnsafe<{ status: string }[]>(
    `SELECT status FROM withdrawals WHERE id = $1::uuid FOR UPDATE`,
    withdrawalId,
  );
  return row;
}
