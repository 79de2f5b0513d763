import type { FundingTransaction } from '@kitty/api-client';
import { problemDetail, useListFundingTransactionsQuery } from '@kitty/api-client';
import { formatPence } from '@kitty/money';
import { Alert, Button, Empty, Skeleton, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';

import { useLiveConnected } from '../live/use-live-updates';
import { formatDateTime } from '../pots/format';
import { MoneyRow } from './money-row';
import { unpaidOutcome } from './top-up-outcome';

export const METHOD_LABELS: Record<FundingTransaction['method'], string> = {
  card: 'Card',
  apple_pay: 'Apple Pay',
  google_pay: 'Google Pay',
  bank_transfer: 'Bank transfer',
};

export const STATUS_TAGS: Record<FundingTransaction['status'], { label: string; color: string }> = {
  pending: { label: 'Pending', color: 'default' },
  processing: { label: 'Processing', color: 'blue' },
  succeeded: { label: 'Added', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
  expired: { label: 'Expired', color: 'default' },
  cancelled: { label: 'Cancelled', color: 'default' },
};

/** How often top-ups still under way are asked about, so they end without a reload. */
export const TOP_UP_POLL_MS = 10_000;

/** The user's top-ups, newest first (funding_transactions). */
export function FundingHistory() {
  const [moving, setMoving] = useState(false);
  const live = useLiveConnected();
  const history = useListFundingTransactionsQuery(undefined, {
    // Live updates tell this tab when it moves; polling is the fallback while they are not connected.
    pollingInterval: moving && !live ? TOP_UP_POLL_MS : 0,
    skipPollingIfUnfocused: true,
  });
  const unsettled =
    history.data?.some((row) => row.status === 'pending' || row.status === 'processing') ?? false;
  useEffect(() => setMoving(unsettled), [unsettled]);

  if (history.isLoading) return <Skeleton active paragraph={{ rows: 3 }} />;
  // A refresh that fails keeps the list last read, under a note; only a list never read is an error.
  if (history.isError && !history.data) {
    return (
      <Alert
        type="error"
        showIcon
        title="Could not load your top-ups"
        description={problemDetail(history.error) ?? 'Please try again later.'}
        action={
          <Button size="small" onClick={() => history.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }
  if (!history.data?.length)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No top-ups yet" />;

  return (
    <>
      {history.isError && (
        <Alert
          className="funding-history-stale"
          type="warning"
          showIcon
          title="Could not refresh your top-ups"
          description="Showing them as last loaded."
          action={
            <Button size="small" onClick={() => history.refetch()}>
              Try again
            </Button>
          }
        />
      )}
      <ul className="funding-history" aria-label="Your top-ups">
        {history.data.map((row) => (
          <MoneyRow
            key={row.id}
            title={`${formatPence(row.amountPence)} to ${row.destination.name}`}
            meta={`${formatDateTime(row.createdAt)} · ${METHOD_LABELS[row.method]} · fee ${formatPence(row.feePence)} (${row.feeRate}%)`}
            reason={row.failureReason && unpaidOutcome(row.status, row.failureReason)}
            side={
              <div className="funding-row-side">
                <Tag color={STATUS_TAGS[row.status].color}>{STATUS_TAGS[row.status].label}</Tag>
                <Link
                  to={`/top-ups/${row.id}/receipt`}
                  aria-label={`Receipt for ${formatPence(row.amountPence)} to ${row.destination.name}, ${STATUS_TAGS[row.status].label}, ${formatDateTime(row.createdAt)}`}
                >
                  Receipt
                </Link>
              </div>
            }
          />
        ))}
      </ul>
    </>
  );
}
