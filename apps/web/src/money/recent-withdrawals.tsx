import type { Withdrawal } from '@kitty/api-client';
import { useListWithdrawalsQuery } from '@kitty/api-client';
import { formatPence } from '@kitty/money';
import { Tag } from 'antd';

import { formatDate } from '../pots/format';

const SHOWN = 3;
const STATUS: Record<Withdrawal['status'], { label: string; color: string }> = {
  pending: { label: 'On its way', color: 'blue' },
  paid: { label: 'Paid', color: 'green' },
  failed: { label: 'Failed: returned', color: 'red' },
};

/** The last few withdrawals, so a payout that failed (and whose money came back) is visible. */
export function RecentWithdrawals() {
  const { data } = useListWithdrawalsQuery();
  if (!data?.length) return null;
  return (
    <>
      <h3 className="subheading">Recent withdrawals</h3>
      <ul className="funding-history" aria-label="Recent withdrawals">
        {data.slice(0, SHOWN).map((withdrawal) => (
          <li key={withdrawal.id} className="funding-row">
            <div className="funding-row-main">
              <span className="funding-row-title">
                {formatPence(withdrawal.amountPence)} from {withdrawal.source.name}
              </span>
              <span className="muted funding-row-meta">
                {formatDate(withdrawal.createdAt)}
                {withdrawal.failureReason ? ` · ${withdrawal.failureReason}` : ''}
              </span>
            </div>
            <Tag color={STATUS[withdrawal.status].color}>{STATUS[withdrawal.status].label}</Tag>
          </li>
        ))}
      </ul>
    </>
  );
}
