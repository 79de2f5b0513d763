import '../../money/money.css';

import { ArrowLeftOutlined, PrinterOutlined } from '@ant-design/icons';
import { httpStatusOf, problemDetail, useGetTopUpQuery } from '@kitty/api-client';
import { formatPence } from '@kitty/money';
import { Alert, Button, Tag } from 'antd';
import { useParams } from 'react-router-dom';

import { METHOD_LABELS, STATUS_TAGS } from '../../money/funding-history';
import { unpaidOutcome } from '../../money/top-up-outcome';
import { formatDateTime } from '../../pots/format';
import { ButtonLink } from '../../ui/button-link';
import { DocumentTitle } from '../../ui/document-title';
import { PageLoader } from '../../ui/page-loader';

/** /top-ups/:topUpId/receipt: one of the caller's top-ups, as a printable receipt. */
export default function TopUpReceiptPage() {
  const { topUpId = '' } = useParams();
  // The id comes from the address bar and goes into a path: encoded, so '../' cannot reach another endpoint.
  const topUp = useGetTopUpQuery(encodeURIComponent(topUpId));

  if (topUp.isLoading) return <PageLoader />;
  const back = (
    <div>
      <ButtonLink to="/top-up" type="link" icon={<ArrowLeftOutlined aria-hidden />} className="back-link">
        Your top-ups
      </ButtonLink>
    </div>
  );
  if (!topUp.data) {
    const missing = httpStatusOf(topUp.error) === 404 || httpStatusOf(topUp.error) === 400;
    return (
      <div className="page receipt-page">
        <DocumentTitle title="Receipt" />
        {back}
        <Alert
          type="error"
          showIcon
          title={missing ? 'Top-up not found' : 'Could not load the receipt'}
          description={problemDetail(topUp.error) ?? 'Please try again later.'}
          action={
            missing ? undefined : (
              <Button size="small" onClick={() => topUp.refetch()}>
                Try again
              </Button>
            )
          }
        />
      </div>
    );
  }

  const row = topUp.data;
  const status = STATUS_TAGS[row.status];
  const outcome = unpaidOutcome(row.status, row.failureReason);
  return (
    <div className="page receipt-page">
      <DocumentTitle title="Receipt" />
      {back}
      <section className="panel" aria-labelledby="receipt-title">
        <h1 id="receipt-title" className="panel-title">
          Receipt <Tag color={status.color}>{status.label}</Tag>
        </h1>
        {outcome && <p>{outcome}</p>}
        <dl className="receipt-facts">
          <dt>Added to</dt>
          <dd>{row.destination.name}</dd>
          <dt>Amount added</dt>
          <dd>{formatPence(row.amountPence)}</dd>
          <dt>Platform fee ({row.feeRate}%)</dt>
          <dd>{formatPence(row.feePence)}</dd>
          <dt>Total charged</dt>
          <dd>
            <strong>{formatPence(row.amountPence + row.feePence)}</strong>
          </dd>
          <dt>Paid with</dt>
          <dd>{METHOD_LABELS[row.method]}</dd>
          <dt>Started</dt>
          <dd>{formatDateTime(row.createdAt)}</dd>
          <dt>{row.status === 'succeeded' ? 'Credited' : 'Ended'}</dt>
          <dd>{row.completedAt ? formatDateTime(row.completedAt) : '—'}</dd>
          <dt>Reference</dt>
          <dd className="receipt-reference">{row.id}</dd>
          <dt>Payment reference</dt>
          <dd className="receipt-reference">{row.sessionId}</dd>
        </dl>
        <Button icon={<PrinterOutlined aria-hidden />} onClick={() => window.print()}>
          Print
        </Button>
      </section>
    </div>
  );
}
