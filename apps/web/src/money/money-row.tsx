import type { ReactNode } from 'react';

interface MoneyRowProps {
  title: ReactNode;
  meta: ReactNode;
  reason?: ReactNode;
  side: ReactNode;
}

/**
 * One line of a list of money moved ('Your top-ups', 'Recent withdrawals'): how much and where, when and
 * how, why it did not go through when it did not, and its state at the side.
 */
export function MoneyRow({ title, meta, reason, side }: MoneyRowProps) {
  return (
    <li className="funding-row">
      <div className="funding-row-main">
        <span className="funding-row-title">{title}</span>
        <span className="muted funding-row-meta">{meta}</span>
        {reason && <span className="funding-row-reason">{reason}</span>}
      </div>
      {side}
    </li>
  );
}
