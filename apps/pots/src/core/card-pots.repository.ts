import type { Tx } from '../prisma.service';

/** The user's next card pot version, their version row locked until the caller's transaction ends. */
export async function nextCardPotVersion(tx: Tx, userId: string): Promise<number> {
  const [row] = await tx.$queryRaw<{ version: bigint }[]>`
    INSERT INTO card_pot_versions AS v (user_id, version) VALUES (${userId}::uuid, 1)
    ON CONFLICT (user_id) DO UPDATE SET version = v.version + 1
    RETURNING version`;
  return Number(row.version);
}

/** The pot the user's card spends from; null: none. */
export async function activePotOf(tx: Tx, userId: string): Promise<string | null> {
  const active = await tx.activePot.findUnique({ where: { userId }, select: { potId: true } });
  return active?.potId ?? null;
}
