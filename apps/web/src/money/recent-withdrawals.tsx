import { useListWithdrawalsQuery } from '@kitty/api-client';
import { formatPence } from '@kitty/money';
import { Tag } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';

import { useLiveConnected } from '../live/use-live-updates';
import { formatDate } from '../pots/format';
import { MoneyRow } from './money-row';
import { WITHDRAWAL_STATUS } from './withdrawal-status';

const SHOWN = 3;
/** How often a withdrawal still on its way is asked about, so 'Paid' shows without a reload. */
export const WITHDRAWAL_POLL_MS = 10_000;

/** The last few withdrawals, so a payout that failed (and whose money came back) is visible. */
export function RecentWithdrawals() {
  const [moving, setMoving] = useState(false);
  const live = useLiveConnected();
  const { data } = useListWithdrawalsQuery(undefined, {
    // Live updates tell this tab when it moves; polling is the fallback while they are not connected.
    pollingInterval: moving && !live ? WITHDRAWAL_POLL_MS : 0,
    skipPollingIfUnfocused: true,
  });
  const pending = data?.slice(0, SHOWN).some((withdrawal) => withdrawal.status === 'pending') ?? false;
  useEffect(() => setMoving(pending), [pending]);
  if (!data?.length) return null;
  return (
    <>
      <h3 className="subheading">Recent withdrawals</h3>
      <ul className="funding-history" aria-label="Recent withdrawals">
        {data.slice(0, SHOWN).map((withdrawal) => (
          <MoneyRow
            key={withdrawal.id}
            title={`${formatPence(withdrawal.amountPence)} from ${withdrawal.source.name}`}
            meta={`${formatDate(withdrawal.createdAt)}${withdrawal.failureReason ? ` · ${withdrawal.failureReason}` : ''}`}
            side={
              <Tag color={WITHDRAWAL_STATUS[withdrawal.status].color}>
                {WITHDRAWAL_STATUS[withdrawal.status].label}
              </Tag>
            }
          />
        ))}
      </ul>
      <p className="recent-withdrawals-more">
        <Link to="/withdrawals">All your withdrawals</Link>
      </p>
    </>
  );
}
