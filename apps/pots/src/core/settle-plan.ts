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
export async function refreshSettlePlan(tx: Tx, potId: string): Promise<Transfer[]> {
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
    data: { settlePlan: plan.map((transfer) => ({ ...transfer })), settlePlanStale: false },
  });
  return plan;
}

/**
 * The plan as the positions stand now. A member's own money moving (recorded from the ledger's events) only
 * marks the stored plan stale; the first reader after it works the plan out again, under the pot's lock, and
 * readers queued behind it find it done.
 */
export async function currentSettlePlan(tx: Tx, potId: string): Promise<Transfer[]> {
  const stored = await storedPlan(tx, potId);
  if (stored) return stored;
  await lockPot(tx, potId);
  return (await storedPlan(tx, potId)) ?? refreshSettlePlan(tx, potId);
}

/** The stored plan, unless it is stale or was never worked out. */
async function storedPlan(tx: Tx, potId: string): Promise<Transfer[] | null> {
  const pot = await tx.pot.findUniqueOrThrow({
    where: { id: potId },
    select: { settlePlan: true, settlePlanStale: true },
  });
  return pot.settlePlanStale || pot.settlePlan === null ? null : (pot.settlePlan as unknown as Transfer[]);
}
