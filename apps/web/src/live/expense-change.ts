import { type Expense, httpStatusOf, kittyApiWithTags } from '@kitty/api-client';

import type { AppStore } from '../app/store';

/** The store's state as the endpoints' selectors type it (the store is typed by the API before its endpoints). */
type StateWithEndpoints = Parameters<ReturnType<typeof kittyApiWithTags.endpoints.listExpenses.select>>[0];

/** The one expense a change notice was about. */
export interface ChangedExpense {
  potId: string;
  expenseId: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The expense a notice names, if it names one well formed. */
export function changedExpenseOf(value: unknown): ChangedExpense | null {
  if (typeof value !== 'object' || value === null) return null;
  const { potId, expenseId } = value as Partial<Record<keyof ChangedExpense, unknown>>;
  return typeof potId === 'string' &&
    UUID.test(potId) &&
    typeof expenseId === 'string' &&
    UUID.test(expenseId)
    ? { potId, expenseId }
    : null;
}

/** Whether `a` is listed above `b`: by the day spent, newest first, then the one entered later first. */
const listedBefore = (a: Expense, b: Expense) =>
  a.spentOn !== b.spentOn ? a.spentOn > b.spentOn : a.createdAt > b.createdAt;

/** The list with `expense` in its place (replacing its old row), or without it (`null`: no longer listed). */
export function placeExpense(list: Expense[], expenseId: string, expense: Expense | null): void {
  const old = list.findIndex(({ id }) => id === expenseId);
  if (old !== -1) list.splice(old, 1);
  if (!expense) return;
  const at = list.findIndex((listed) => listedBefore(expense, listed));
  list.splice(at === -1 ? list.length : at, 0, expense);
}

/**
 * Brings one changed expense into the pot's cached expense list, reading that expense alone rather than
 * the whole list: it replaces its old row, goes in at its place, or leaves (deleted or declined: no
 * longer listed). Answers whether the list is now current; false when it could not tell (the expense
 * unreadable, or the list itself still being read), and the caller re-reads the list instead. A tab that
 * shows no list of that pot has nothing to bring up to date.
 */
export async function refreshExpense(
  store: AppStore,
  { potId, expenseId }: ChangedExpense,
): Promise<boolean> {
  const listed = kittyApiWithTags.endpoints.listExpenses.select(potId)(
    store.getState() as unknown as StateWithEndpoints,
  );
  if (listed.isUninitialized) return true;
  // Still being read (a re-read included): what it brings may be older than this change.
  if (!listed.isSuccess) return false;
  const read = await store.dispatch(
    kittyApiWithTags.endpoints.getExpense.initiate(
      { potId, expenseId },
      { subscribe: false, forceRefetch: true },
    ),
  );
  const expense = read.data ?? null;
  if (!expense && httpStatusOf(read.error) !== 404) return false;
  store.dispatch(
    kittyApiWithTags.util.updateQueryData('listExpenses', potId, (list) =>
      placeExpense(list, expenseId, expense),
    ),
  );
  return true;
}
