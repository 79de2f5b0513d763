import { CloseCircleOutlined } from '@ant-design/icons';

import { ButtonLink } from '../../ui/button-link';
import { DocumentTitle } from '../../ui/document-title';

/** Where the card checkout returns when the payer cancels (spec §2 "Funding cancelled", decisions §3). */
export default function FundingCancelledPage() {
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
