import '../../money/money.css';

import { CheckCircleOutlined, ClockCircleOutlined, CloseCircleOutlined } from '@ant-design/icons';
import type { FundingSession } from '@kitty/api-client';
import { isTransientFailure, useGetFundingSessionQuery } from '@kitty/api-client';
import { formatPence } from '@kitty/money';
import { Spin, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { webConfig } from '../../config';
import { METHOD_LABELS } from '../../money/funding-history';
import { announceMoneyMoved } from '../../money/money-broadcast';
import { type PendingTopUp,pendingTopUp } from '../../money/pending-top-up';
import { unpaidOutcome } from '../../money/top-up-outcome';
import { ButtonLink } from '../../ui/button-link';
import { DocumentTitle } from '../../ui/document-title';

/** How often the page asks whether the webhook has been processed, and for how long (decisions §9). */
export const SESSION_POLL_MS = 1_000;
export const SESSION_POLL_LIMIT_MS = 90_000;

const UNSETTLED: readonly FundingSession['status'][] = ['pending', 'processing'];

/** /funding-success?session_id=…: where Checkout returns after a payment. */
export default function FundingSuccessPage() {
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get('session_id');

  if (!sessionId) {
    return (
      <ResultPage icon="error" title="No session ID found">
        <p className="muted">We could not tell which payment this is about.</p>
      </ResultPage>
    );
  }
  return <FundingSessionResult sessionId={sessionId} />;
}

function FundingSessionResult({ sessionId }: { sessionId: string }) {
  const [gaveUp, setGaveUp] = useState(false);
  const [polling, setPolling] = useState(true);
  // The id comes from the address bar and goes into a path: encoded, so '../' cannot reach another endpoint.
  const session = useGetFundingSessionQuery(encodeURIComponent(sessionId), {
    pollingInterval: polling && !gaveUp ? SESSION_POLL_MS : 0,
  });
  const status = session.data?.status;
  const settled = status !== undefined && !UNSETTLED.includes(status);
  const refused = session.isError && !isTransientFailure(session.error);

  useEffect(() => {
    if (settled || refused) setPolling(false);
  }, [settled, refused]);
  // The tab the payer started from still shows the old balance: tell it the money arrived.
  useEffect(() => {
    if (status === 'succeeded') announceMoneyMoved();
  }, [status]);
  useEffect(() => {
    const timer = setTimeout(() => setGaveUp(true), SESSION_POLL_LIMIT_MS);
    return () => clearTimeout(timer);
  }, []);

  if (refused || status === 'failed' || status === 'expired' || status === 'cancelled') {
    const outcome = status && session.data ? unpaidOutcome(status, session.data.failureReason) : undefined;
    return (
      <ResultPage icon="error" title="Error Processing Payment">
        {outcome && <p>{outcome}</p>}
        <p className="muted">There was an issue processing your payment. Please contact support.</p>
        <p className="muted">
          <a href={`mailto:${webConfig.supportEmail}`}>{webConfig.supportEmail}</a>
        </p>
      </ResultPage>
    );
  }

  if (status === 'succeeded' && session.data) return <PaymentSucceeded session={session.data} />;

  if (gaveUp) {
    const bank = session.data?.method === 'bank_transfer';
    return (
      <ResultPage icon="waiting" title="Payment on its way">
        <p className="muted">
          {bank
            ? 'Your bank has not confirmed the payment yet. Bank transfers take 1-2 business days.'
            : 'The payment provider has not confirmed your payment yet.'}{' '}
          We add the funds as soon as it does; your top-ups are listed on the Top Up page.
        </p>
      </ResultPage>
    );
  }

  // What is known at once: what this device chose before leaving for Checkout, then the server's answer.
  const known = session.data ? fromSession(session.data) : pendingTopUp(sessionId);
  return (
    <div className="page result-page" role="status" aria-live="polite">
      <DocumentTitle title="Processing your payment" />
      <Spin size="large" />
      <p>Processing your payment...</p>
      {known && (
        <div className="panel payment-summary" data-testid="pending-top-up">
          <p className="payment-summary-amount">
            <span>Adding</span>
            <strong>{formatPence(known.amountPence)}</strong>
          </p>
          <p className="muted">To {known.destinationName}</p>
          <p className="muted">
            {METHOD_LABELS[known.method]}
            {known.feePence > 0 &&
              ` · platform fee (${known.feeRate}%) ${formatPence(known.feePence)} · total ${formatPence(known.amountPence + known.feePence)}`}
          </p>
          <p className="muted">
            {known.method === 'bank_transfer'
              ? 'Waiting for your bank to confirm the transfer.'
              : 'Waiting for the payment provider to confirm it: usually a few seconds.'}
          </p>
        </div>
      )}
    </div>
  );
}

function fromSession(session: FundingSession): PendingTopUp {
  return {
    amountPence: session.originalAmount,
    feePence: session.markupAmount,
    feeRate: session.markupPercentage,
    method: session.method,
    destinationName: session.destination.name,
  };
}

function PaymentSucceeded({ session }: { session: FundingSession }) {
  return (
    <ResultPage icon="success" title="Payment Successful!">
      <p className="muted">Your funds have been added to your {webConfig.productName}</p>
      <div className="panel payment-summary">
        <p className="payment-summary-amount">
          <span>Amount added</span>
          <strong>{formatPence(session.originalAmount)}</strong>
        </p>
        <p className="muted">To {session.destination.name}</p>
        <Tag color={session.isUKUser ? 'green' : 'blue'}>
          {session.isUKUser ? 'UK User' : 'International User'}
        </Tag>
        {session.markupAmount > 0 && (
          <div className="fee-box">
            <p>
              <strong>
                Platform fee ({session.markupPercentage}%): {formatPence(session.markupAmount)}
              </strong>
            </p>
            <p className="muted">
              {session.isUKUser
                ? 'This fee covers platform maintenance and processing costs.'
                : 'This fee covers cross-border and currency conversion costs.'}
            </p>
          </div>
        )}
      </div>
      <div className="result-actions">
        <ButtonLink to="/" type="primary">
          Continue to Dashboard
        </ButtonLink>
        <ButtonLink to="/create-pot">Create a New Pot</ButtonLink>
      </div>
    </ResultPage>
  );
}

const ICONS = {
  success: <CheckCircleOutlined className="result-icon result-icon-success" aria-hidden />,
  error: <CloseCircleOutlined className="result-icon result-icon-error" aria-hidden />,
  waiting: <ClockCircleOutlined className="result-icon result-icon-warning" aria-hidden />,
};

function ResultPage({
  icon,
  title,
  children,
}: {
  icon: keyof typeof ICONS;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="page result-page">
      <DocumentTitle title={title} />
      {ICONS[icon]}
      <h1>{title}</h1>
      {children}
      {icon !== 'success' && (
        <div className="result-actions">
          <ButtonLink to="/" type="primary">
            Return to Dashboard
          </ButtonLink>
        </div>
      )}
    </div>
  );
}
