import type { Expense } from '@kitty/api-client';

import { formatIn } from './foreign';
import { formatBasisPoints } from './split';

/**
 * An itemised expense's bill under it in the list: each line with what it cost (in the currency it was
 * paid in) and who shared it, then tax and service, folded away until opened.
 */
export function BillDetails({
  expense,
  nameOf,
}: {
  expense: Pick<Expense, 'items' | 'original'>;
  nameOf: (memberId: string) => string;
}) {
  const bill = expense.items;
  if (!bill) return null;
  const currency = expense.original?.currency ?? 'GBP';
  return (
    <details className="expense-bill">
      <summary>
        Bill: {bill.lines.length} {bill.lines.length === 1 ? 'line' : 'lines'},{' '}
        {formatIn(bill.total, currency)}
      </summary>
      <ul aria-label="Bill lines">
        {bill.lines.map((line, index) => (
          <li key={index} className="expense-bill-line">
            <span>{line.description}</span>
            <span className="expense-bill-amount">{formatIn(line.amount, currency)}</span>
            <span className="muted expense-bill-people">{line.memberIds.map(nameOf).join(', ')}</span>
          </li>
        ))}
        {bill.extras.map((extra) => (
          <li key={extra.kind} className="expense-bill-line">
            <span>
              {extra.kind === 'tax' ? 'Tax' : 'Service'}
              {extra.basisPoints === null ? '' : ` ${formatBasisPoints(extra.basisPoints)}%`}
            </span>
            <span className="expense-bill-amount">{formatIn(extra.amount, currency)}</span>
            <span className="muted expense-bill-people">shared in proportion</span>
          </li>
        ))}
      </ul>
    </details>
  );
}
