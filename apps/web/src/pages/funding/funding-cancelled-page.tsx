import { CheckCircleOutlined, CloseCircleOutlined } from '@ant-design/icons';
import { httpStatusOf, useCancelTopUpMutation } from '@kitty/api-client';
import { Spin } from 'antd';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';

import { ButtonLink } from '../../ui/button-link';
import { DocumentTitle } from '../../ui/document-title';

const TOP_UP_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Where the card checkout returns when the payer cancels (spec §2 "Funding cancelled", decisions §3).
 * The URL names the top-up: it is cancelled at once (Stripe's page expired, 'Cancelled' in the history)
 * rather than left pending until the page expires. One paid meanwhile is said to be on its way.
 */
export default function FundingCancelledPage() {
  const [searchParams] = useSearchParams();
  const topUpId = searchParams.get('top_up');
  const [cancelTopUp, cancellation] = useCancelTopUpMutation();

  useEffect(() => {
    // Cancelling twice is harmless (the server answers the same), so a remount may repeat it.
    if (topUpId && TOP_UP_ID.test(topUpId)) void cancelTopUp(topUpId);
  }, [topUpId, cancelTopUp]);

  if (cancellation.isLoading) {
    return (
      <div className="page result-page" aria-busy="true">
        <DocumentTitle title="Payment Cancelled" />
        <Spin size="large" />
        <p className="muted">Cancelling your payment…</p>
      </div>
    );
  }
  if (cancellation.isError && httpStatusOf(cancellation.error) === 409) {
    return (
      <div className="page result-page">
        <DocumentTitle title="Payment Received" />
        <CheckCircleOutlined className="result-icon result-icon-success" aria-hidden="true" />
        <h1>Your payment went through</h1>
        <p className="muted">It was completed before it could be cancelled: the funds are on their way.</p>
        <div className="result-actions">
          <ButtonLink to="/" type="primary">
            Return to Dashboard
          </ButtonLink>
        </div>
      </div>
    );
  }
  return (
    <div className="page result-page">
      <DocumentTitle title="Payment Cancelled" />
      <CloseCircleOutlined className="result-icon result-icon-warning" aria-hidden="true" />
      <h1>Payment Cancelled</h1>
      <p className="muted">Your payment was cancelled. No funds were added to your account.</p>
      <div className="result-actions">
        <ButtonLink to="/" type="primary">
          Return to Dashboard
        </ButtonLink>
        <ButtonLink to="/top-up">Try Adding Funds Again</ButtonLink>
      </div>
    </div>
  );
}
