import { directPlan, settleUpWithPot, type Transfer } from '@kitty/money';

import { debtsOf } from './direct-debts';
import { currentPositions } from './members.repository';
import { planSettings, saveSettlePlan } from './pot-rows.repository';
import type { Tx } from './unit-of-work';

/**
 * Recomputes the pot's settle-up plan, the pot itself a party to it (POT_PARTY): the money it holds is its
 * members', so it pays them back what their positions say is theirs. Simplified (the default): from the
 * positions, starting from the plan last shown so that a repayment only shrinks one transfer instead of
 * reshuffling who pays whom. Not simplified: each pair's direct debt, the pot's pairs among them. Call it at
 * the end of the transaction that moved positions (or changed the rule), with the pot locked.
 */
export async function refreshSettlePlan(tx: Tx, potId: string): Promise<void> {
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
}
