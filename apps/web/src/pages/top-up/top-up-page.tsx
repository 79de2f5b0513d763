import '../../money/money.css';

import type { TopUpRequestView } from '@kitty/api-client';
import { httpStatusOf, problemDetail, useGetTopUpRequestQuery, useListPotsQuery } from '@kitty/api-client';
import { formatPence } from '@kitty/money';
import { Alert, Button, Form, Skeleton } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';

import type { AddFundsValues } from '../../money/add-funds-form';
import { AddFundsForm, chosenDestination, useContinueToPayment } from '../../money/add-funds-form';
import { WALLET } from '../../money/destinations';
import { FundingHistory } from '../../money/funding-history';
import { penceText } from '../../pots/split';
import { ButtonLink } from '../../ui/button-link';
import { DocumentTitle } from '../../ui/document-title';

/**
 * /top-up: add funds to the wallet or a pot (`?potId=` preselects it), or answer a top-up request
 * (`?request=<id>`, the link in the request e-mail). Below: the user's top-ups.
 */
export default function TopUpPage() {
  const [searchParams] = useSearchParams();
  const requestId = searchParams.get('request');

  return (
    <div className="page top-up-page">
      <DocumentTitle title="Top Up" />
      <header className="page-header">
        <h1>Top Up</h1>
        <p className="lead">Add funds in pounds sterling to your wallet or a pot.</p>
        <p className="muted">
          Want friends to chip in? <Link to="/request-top-up">Request a Top-Up</Link>
        </p>
      </header>
      <section className="panel form-panel" aria-label="Add funds">
        {requestId ? <RequestTopUp requestId={requestId} /> : <OwnTopUp potId={searchParams.get('potId')} />}
      </section>
      <section className="panel" aria-labelledby="top-up-history">
        <h2 id="top-up-history" className="panel-title">
          Your top-ups
        </h2>
        <FundingHistory />
      </section>
    </div>
  );
}

function OwnTopUp({ potId }: { potId: string | null }) {
  const [form] = Form.useForm<AddFundsValues>();
  const pots = useListPotsQuery();
  const { continueToPayment, checking } = useContinueToPayment();

  if (pots.isLoading) return <Skeleton active paragraph={{ rows: 4 }} />;
  const preselected = pots.data?.some(({ id }) => id === potId) ? (potId ?? WALLET) : WALLET;

  const onFinish = (values: AddFundsValues) => {
    const { destination, name } = chosenDestination(values, pots.data);
    void continueToPayment(values.amount, destination, name);
  };

  return (
    <>
      <AddFundsForm
        form={form}
        pots={pots.data ?? []}
        initialValues={{ amount: '', destination: preselected }}
        onFinish={onFinish}
      />
      <Button type="primary" size="large" onClick={() => form.submit()} loading={checking}>
        Continue
      </Button>
    </>
  );
}

function RequestTopUp({ requestId }: { requestId: string }) {
  // From the address bar into a path: encoded, so '../' cannot reach another endpoint.
  const request = useGetTopUpRequestQuery(encodeURIComponent(requestId));

  if (request.isLoading) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (request.isError || !request.data) {
    return (
      <Alert
        type="error"
        showIcon
        title={httpStatusOf(request.error) === 404 ? 'Request not found' : 'Could not load the request'}
        description={
          httpStatusOf(request.error) === 404
            ? 'This top-up request does not exist or was not sent to you.'
            : (problemDetail(request.error) ?? 'Please try again later.')
        }
        action={<ButtonLink to="/top-up">Top up instead</ButtonLink>}
      />
    );
  }
  return <RequestForm request={request.data} />;
}

function RequestForm({ request }: { request: TopUpRequestView }) {
  const [form] = Form.useForm<AddFundsValues>();
  const { continueToPayment, checking } = useContinueToPayment();
  const target = request.target.type === 'pot' ? request.target.name : `${request.requesterName}'s wallet`;

  const onFinish = ({ amount }: AddFundsValues) =>
    void continueToPayment(amount, { type: 'top_up_request', requestId: request.id }, target);

  return (
    <>
      <div className="top-up-request" aria-label="Top-up request">
        <p>
          <strong>{request.requesterName}</strong> asks you to add{' '}
          <strong>{formatPence(request.amountPence)}</strong> to {target}.
        </p>
        {request.message && <blockquote className="top-up-request-message">{request.message}</blockquote>}
      </div>
      <AddFundsForm
        form={form}
        initialValues={{ amount: penceText(request.amountPence) }}
        onFinish={onFinish}
      />
      <Button type="primary" size="large" onClick={() => form.submit()} loading={checking}>
        Continue
      </Button>
    </>
  );
}
