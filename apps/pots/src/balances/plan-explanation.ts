import {
  type ExplainedItem,
  type ExplainTransferQuery,
  MAX_EXPLAINED_ITEMS,
  type TransferExplanation,
} from '@kitty/contracts';
import { type Debt, expenseDebts, repaymentDebts } from '@kitty/money';
import { ProblemError } from '@kitty/nest-common';
import { Injectable } from '@nestjs/common';

import { requireMember } from '../core/pot-access';
import { spentOnOf, ukToday } from '../core/uk-day';
import { UnitOfWork } from '../core/unit-of-work';
import { transferHistory } from './plan-explanation.repository';

/** What `debts` add to what `from` owes `to`. */
function owedBetween(debts: readonly Debt[], from: string, to: string): number {
  return debts
    .filter((debt) => (debt.from === from && debt.to === to) || (debt.from === to && debt.to === from))
    .reduce((sum, debt) => sum + (debt.from === from ? debt.amountPence : -debt.amountPence), 0);
}

const amountsOf = (parts: { memberId: string; amountPence: bigint }[]) =>
  parts.map(({ memberId, amountPence }) => ({ memberId, amountPence: Number(amountPence) }));

/**
 * 'Why?' on a transfer of the plan: read on demand from the two people's shared history —
 * never on the balances path, which stays O(members).
 */
@Injectable()
export class PlanExplanationService {
  constructor(private readonly work: UnitOfWork) {}

  async explain({
    caller,
    potId,
    fromMemberId,
    toMemberId,
  }: ExplainTransferQuery): Promise<TransferExplanation> {
    await requireMember(this.work.alone, potId, caller.userId);
    const [pot, members, expenses, settlements, pair] = await transferHistory(
      this.work.alone,
      potId,
      fromMemberId,
      toMemberId,
    );
    if (fromMemberId === toMemberId || members.length !== 2)
      throw ProblemError.of(404, 'Not in this pot', 'Both people of a transfer must be in this pot.');

    const items: (ExplainedItem & { at: Date })[] = [
      ...expenses.map((expense) => ({
        kind: 'expense' as const,
        id: expense.id,
        description: expense.description,
        day: spentOnOf(expense),
        at: expense.createdAt,
        amountPence: owedBetween(
          expenseDebts(amountsOf(expense.shares), amountsOf(expense.payers)),
          fromMemberId,
          toMemberId,
        ),
      })),
      ...settlements.map((settlement) => ({
        kind: 'payment' as const,
        id: settlement.id,
        description: null,
        day: ukToday(settlement.createdAt),
        at: settlement.createdAt,
        amountPence: owedBetween(
          repaymentDebts(settlement.fromMemberId, settlement.toMemberId, Number(settlement.amountPence)),
          fromMemberId,
          toMemberId,
        ),
      })),
    ]
      .filter(({ amountPence }) => amountPence !== 0)
      .sort((a, b) => b.day.localeCompare(a.day) || b.at.getTime() - a.at.getTime());

    const historyPence = items.reduce((sum, { amountPence }) => sum + amountPence, 0);
    const listed = items.slice(0, MAX_EXPLAINED_ITEMS);
    const listedPence = listed.reduce((sum, { amountPence }) => sum + amountPence, 0);
    // The pair's row is the truth once complete; what the history does not show was passed on by leavers.
    const storedPence = pair
      ? Number(pair.lowOwesHighPence) * (pair.lowMemberId === fromMemberId ? 1 : -1)
      : 0;
    const directPence = pot.directDebtsComplete ? storedPence : historyPence;
    const netOf = (memberId: string) => Number(members.find(({ id }) => id === memberId)?.netPence ?? 0n);
    return {
      fromMemberId,
      toMemberId,
      simplified: pot.simplifyDebts,
      directPence,
      items: listed.map(({ at: _at, ...item }) => item),
      earlierPence: historyPence - listedPence,
      passedOnPence: directPence - historyPence,
      fromNetPence: netOf(fromMemberId),
      toNetPence: netOf(toMemberId),
    };
  }
}
