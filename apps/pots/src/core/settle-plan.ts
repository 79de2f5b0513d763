import { directPlan, settleUpWithPot, type Transfer } from '@kitty/money';

import { debtsOf } from './direct-debts';
import { currentPositions } from './members.repository';
import { lockPot, planSettings, saveSettlePlan, storedSettlePlan } from './pot-rows.repository';
import type { Tx } from './unit-of-work';

/**
 * Recomputes the pot's settle-up plan, the pot itself a party to it (POT_PARTY): the money it holds is its
 * members', so it pays them back what their positions say is theirs. Simplified (the default): from the
 * positions, starting from the plan last shown so that a repayment only shrinks one transfer instead of
 * reshuffling who pays whom. Not simplified: each pair's direct debt, the pot's pairs among them. Call it at
 * the end of the transaction that moved positions (or changed the rule), with the pot locked.
 */
export async function refreshSettlePlan(tx: Tx, potId: string): Promise<Transfer[]> {
  const [pot, members] = await Promise.all([planSettings(tx, potId), currentPositions(tx, potId)]);
  const plan = pot.simplifyDebts
    ? settleUpWithPot(
        members.map((member) => [member.id, Number(member.netPence)] as const),
        { previous: (pot.settlePlan ?? undefined) as Transfer[] | undefined },
      )
    : directPlan(await debtsOf(tx, potId));
  await saveSettlePlan(
    tx,
    potId,
    plan.map((transfer) => ({ ...transfer })),
  );
  return plan;
}

/**
 * The plan as the positions stand now. A member's own money moving (recorded from the ledger's events) only
 * marks the stored plan stale; the first reader after it works the plan out again, under the pot's lock, and
 * readers queued behind it find it done.
 */
export async function currentSettlePlan(tx: Tx, potId: string): Promise<Transfer[]> {
  const stored = await freshStoredPlan(tx, potId);
  if (stored) return stored;
  await lockPot(tx, potId);
  return (await freshStoredPlan(tx, potId)) ?? refreshSettlePlan(tx, potId);
}

/** The stored plan, unless it is stale or was never worked out. */
async function freshStoredPlan(tx: Tx, potId: string): Promise<Transfer[] | null> {
  const pot = await storedSettlePlan(tx, potId);
  return pot.settlePlanStale || pot.settlePlan === null ? null : (pot.settlePlan as unknown as Transfer[]);
}
