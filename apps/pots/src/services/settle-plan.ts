import { settleUp, type Transfer } from '@kitty/money';

import type { Tx } from '../prisma.service';

/**
 * Serialises every change to a pot's positions: the pot row is locked first, always, so writers queue
 * per pot (never across pots) and never deadlock on member rows.
 */
export async function lockPot(tx: Tx, potId: string): Promise<void> {
  await tx.$queryRawUnsafe('SELECT id FROM pots WHERE id = $1::uuid FOR UPDATE', potId);
}

/**
 * Recomputes the pot's settle-up plan from its members' positions, starting from the plan last shown so
 * that a repayment only shrinks one transfer instead of reshuffling who pays whom. Call it at the end of
 * the transaction that moved positions, with the pot locked.
 */
export async function refreshSettlePlan(tx: Tx, potId: string): Promise<void> {
  const [pot, members] = await Promise.all([
    tx.pot.findUniqueOrThrow({ where: { id: potId }, select: { settlePlan: true } }),
    tx.potMember.findMany({ where: { potId, removedAt: null }, select: { id: true, netPence: true } }),
  ]);
  const previous = (pot.settlePlan ?? undefined) as Transfer[] | undefined;
  const plan = settleUp(
    members.map((member) => [member.id, Number(member.netPence)] as const),
    { previous },
  );
  await tx.pot.update({
    where: { id: potId },
    data: { settlePlan: plan.map((transfer) => ({ ...transfer })) },
  });
}
