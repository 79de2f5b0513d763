import type { FundingTransaction } from '@kitty/api-client';
import { problemDetail, useListFundingTransactionsQuery } from '@kitty/api-client';
import { formatPence } from '@kitty/money';
import { Alert, Button, Empty, Skeleton, Tag } from 'antd';

import { formatDateTime } from '../pots/format';

export const METHOD_LABELS: Record<FundingTransaction['method'], string> = {
  card: 'Card',
  apple_pay: 'Apple Pay',
  google_pay: 'Google Pay',
  bank_transfer: 'Bank transfer',
};

const STATUS: Record<FundingTransaction['status'], { label: string; color: string }> = {
  pending: { label: 'Pending', color: 'default' },
  processing: { label: 'Processing', color: 'blue' },
  succeeded: { label: 'Added', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
  expired: { label: 'Expired', color: 'default' },
  cancelled: { label: 'Cancelled', color: 'default' },
};

/** The user's top-ups, newest first (funding_transactions). */
export function FundingHistory() {
  const history = useListFundingTransactionsQuery();

  if (history.isLoading) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (history.isError) {
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
    <ul className="funding-history" aria-label="Your top-ups">
      {history.data.map((row) => (
        <li key={row.id} className="funding-row">
          <div className="funding-row-main">
            <span className="funding-row-title">
              {formatPence(row.amountPence)} to {row.destination.name}
            </span>
            <span className="muted funding-row-meta">
              {formatDateTime(row.createdAt)} · {METHOD_LABELS[row.method]} · fee {formatPence(row.feePence)}{' '}
              ({row.feeRate}%)
            </span>
          </div>
          <Tag color={STATUS[row.status].color}>{STATUS[row.status].label}</Tag>
        </li>
      ))}
    </ul>
  );
}
