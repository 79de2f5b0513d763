import type { RefundTarget } from '@kitty/contracts';

/** The ledger transaction of a pot-paid expense: one per expense, so a repeat of the command replays it. */
export const expenseLedgerKey = (expenseId: string) => `expense:${expenseId}`;
/** The wallet payment of a settlement made with Kitty. */
export const settlementLedgerKey = (settlementId: string) => `settlement:${settlementId}`;

export const refundedKey = (target: RefundTarget) =>
  target.type === 'expense' ? expenseLedgerKey(target.expenseId) : settlementLedgerKey(target.settlementId);
