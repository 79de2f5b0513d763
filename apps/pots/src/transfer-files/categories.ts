import { EXPENSE_CATEGORIES, EXPENSE_CATEGORY_LABELS, type ExpenseCategory } from '@kitty/contracts';

// Words in other apps' category names (Splitwise: 'Dining out', 'Hotel', 'Taxi'; Spliit: 'Food and Drink',
// 'Transportation', 'Entertainment') → Kitty's categories. The first list that matches wins.
const KEYWORDS: [ExpenseCategory, RegExp][] = [
  ['groceries', /grocer|supermarket/],
  ['food', /food|dining|restaurant|drink|liquor|meal|lunch|dinner|breakfast|coffee|snack/],
  ['transport', /transport|taxi|bus|train|car|fuel|gas|petrol|parking|plane|flight|bicycle|travel/],
  ['lodging', /hotel|lodging|rent|mortgage|accommodation|home|household/],
  ['activities', /entertainment|activit|game|movie|music|sport|ticket|event/],
];

/** A category as another app (or Kitty's own export) names it → Kitty's; 'other' when nothing fits. */
export function categoryFromName(name: string): ExpenseCategory {
  const text = name.trim().toLowerCase();
  const exact = EXPENSE_CATEGORIES.find(
    (category) => category === text || EXPENSE_CATEGORY_LABELS[category].toLowerCase() === text,
  );
  if (exact) return exact;
  return KEYWORDS.find(([, words]) => words.test(text))?.[0] ?? 'other';
}
