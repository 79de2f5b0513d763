import type { Expense } from '@kitty/api-client';

export type ExpenseCategory = Expense['category'];

/**
 * Keyed by the contract's categories, so a category added there fails the build here until it has a name.
 * The same words as the contract's EXPENSE_CATEGORY_LABELS (the activity feed's), which the SPA does not
 * import (its schemas would come with it); categories.spec.ts keeps the two equal.
 */
export const CATEGORY_LABELS: Record<ExpenseCategory, string> = {
  food: 'Food and drink',
  transport: 'Transport',
  lodging: 'Lodging',
  activities: 'Activities',
  groceries: 'Groceries',
  other: 'Other',
};

export const CATEGORY_OPTIONS = (Object.keys(CATEGORY_LABELS) as ExpenseCategory[]).map((value) => ({
  value,
  label: CATEGORY_LABELS[value],
}));
