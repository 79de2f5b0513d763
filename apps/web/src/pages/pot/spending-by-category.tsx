import type { CategorySpending } from '@kitty/api-client';
import { formatPence } from '@kitty/money';

import { CATEGORY_LABELS } from '../../pots/categories';

/**
 * What the group spent per category, largest first, each with a bar scaled to the largest. Plain HTML (no
 * chart library), so it reads the same to screen readers and fits a 375 px phone.
 */
export function SpendingByCategory({ spending }: { spending: readonly CategorySpending[] }) {
  const largest = Math.max(...spending.map(({ amountPence }) => amountPence));
  return (
    <ul className="category-spending">
      {spending.map(({ category, amountPence }) => (
        <li key={category} className="category-spending-row">
          <span className="category-spending-name">{CATEGORY_LABELS[category]}</span>
          <span className="category-spending-amount">{formatPence(amountPence)}</span>
          <span className="category-spending-bar" aria-hidden="true">
            <span style={{ width: `${(amountPence / largest) * 100}%` }} />
          </span>
        </li>
      ))}
    </ul>
  );
}
