import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import type { PotTransaction } from '@kitty/api-client';
import { formatPence } from '@kitty/money';

import { formatDate } from '../../pots/format';

/** Money in (credit) and out (debit) of the pot, newest first. */
export function TransactionsPanel({ transactions }: { transactions: readonly PotTransaction[] }) {
  return (
    <ul className="transaction-list" aria-label="Recent transactions">
      {transactions.map((transaction) => {
        const credit = transaction.type === 'credit';
        return (
          <li key={transaction.id} className="transaction-item">
            <span className={`transaction-icon ${credit ? 'transaction-credit' : 'transaction-debit'}`}>
              {credit ? (
                <ArrowDownOutlined aria-label="Money in" />
              ) : (
                <ArrowUpOutlined aria-label="Money out" />
              )}
            </span>
            <div className="transaction-text">
              <span className="transaction-description">{transaction.description}</span>
              <span className="muted">
                {transaction.member} · {formatDate(transaction.date)}
              </span>
            </div>
            <span className={`transaction-amount ${credit ? 'amount-in' : 'amount-out'}`}>
              {credit ? '+' : '−'}
              {formatPence(Math.abs(transaction.amountPence))}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
