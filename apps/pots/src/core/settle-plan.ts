import { directPlan, settleUpWithPot, type Transfer } from '@kitty/money';

import type { Tx } from '../prisma.service';
import { debtsOf } from './direct-debts';

/**
 * Serialises every change to a pot's positions: the pot row is locked first, always, so writers queue
 * per pot (never across pots) and never deadlock on member rows.
 */
export async function lockPot(tx: Tx, potId: string): Promise<void> {
  await tx.$queryRawUnsafe('SELECT id FROM pots WHERE id = $1::uuid FOR UPDATE', potId);
}

/**
 * Recomputes the pot's settle-up plan, the pot itself a party to it (POT_PARTY): the money it holds is its
 * members', so it pays them back what their positions say is theirs. Simplified (the default): from the
 * positions, starting from the plan last shown so that a repayment only shrinks one transfer instead of
 * reshuffling who pays whom. Not simplified: each pair's direct debt, the pot's pairs among them. Call it at
 * the end of the transaction that moved positions (or changed the rule), with the pot locked.
 */
export async function refreshSettlePlan(tx: Tx, potId: string): Promise<void> {
  const [pot, members] = await Promise.all([
    tx.pot.findUniqueOrThrow({ where: { id: potId }, select: { settlePlan: true, simplifyDebts: true } }),
    tx.potMember.findMany({ where: { potId, removedAt: null }, select: { id: true, netPence: true } }),
  ]);
  const plan = pot.simplifyDebts
    ? settleUpWithPot(
        members.map((member) => [member.id, Number(member.netPence)] as const),
        { previous: (pot.settlePlan ?? undefined) as Transfer[] | undefined },
      )
    : directPlan(await debtsOf(tx, potId));
  await tx.pot.update({
    where: { id: potId },
    data: { settlePlan: plan.map((transfer) => ({ ...transfer })) },
  });
}
