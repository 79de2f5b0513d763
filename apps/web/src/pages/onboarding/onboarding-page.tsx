import './onboarding.css';

import type { OnboardingStatus } from '@kitty/api-client';
import { kittyApiWithTags, useGetOnboardingQuery } from '@kitty/api-client';
import { Alert, Button, Result } from 'antd';
import { useCallback, useEffect, useState } from 'react';

import { useAppDispatch, useAppSelector } from '../../app/store';
import { displayName, selectCurrentUser } from '../../session/session-slice';
import { ButtonLink } from '../../ui/button-link';
import { DocumentTitle } from '../../ui/document-title';
import { PageLoader } from '../../ui/page-loader';
import { CardStep } from './card-step';
import { KycForm } from './kyc-form';

const STRIPE_CHECK_POLL_MS = 3000;

/** 'Setup Complete!': the account, the card and the identity check at a glance, in words (no provider ids). */
function CompleteStep({ account, card }: Pick<OnboardingStatus, 'account' | 'card'>) {
  return (
    <section className="panel" aria-labelledby="complete-title">
      <h2 id="complete-title" className="panel-title">
        Setup Complete!
      </h2>
      <dl className="onboarding-complete">
        <dt>Payment account</dt>
        <dd>{account?.status === 'active' ? 'Active' : 'Pending'}</dd>
        <dt>Card</dt>
        <dd>{card ? 'Active' : 'Pending'}</dd>
        {card && (
          <>
            <dt>Card number</dt>
            <dd>
              {card.brand} •••• {card.last4}, expires {String(card.expMonth).padStart(2, '0')}/{card.expYear}
            </dd>
          </>
        )}
        <dt>Identity check</dt>
        <dd>{account?.kycStatus === 'complete' ? 'Completed' : 'Pending'}</dd>
      </dl>
      <ButtonLink to="/" type="primary">
        Go to Dashboard
      </ButtonLink>
    </section>
  );
}

/**
 * /onboarding: check (spinner) → form (no verified account) → card (verified, no card) → complete. Each
 * step comes from the server; a mutation's answer becomes the cached status, so the page moves on at once.
 */
export default function OnboardingPage() {
  const user = useAppSelector(selectCurrentUser);
  const dispatch = useAppDispatch();
  const [waitingForStripe, setWaitingForStripe] = useState(false);
  // While Stripe checks the details, its answer reaches the page live (the 'onboarding' topic); the
  // status is also re-read every few seconds, in case a live notice is lost.
  const onboarding = useGetOnboardingQuery(undefined, {
    pollingInterval: waitingForStripe ? STRIPE_CHECK_POLL_MS : 0,
  });
  const account = onboarding.data?.account;
  const checking = account?.kycStatus === 'verifying' || account?.capabilities.cardIssuing === 'pending';
  useEffect(() => setWaitingForStripe(checking), [checking]);
  const show = useCallback(
    (status: OnboardingStatus) => {
      void dispatch(kittyApiWithTags.util.upsertQueryData('getOnboarding', undefined, status));
    },
    [dispatch],
  );
  // KYC also set the user's legal name: re-read the profile so the header greets them by it.
  const verified = useCallback(
    (status: OnboardingStatus) => {
      show(status);
      void dispatch(
        kittyApiWithTags.endpoints.getMe.initiate(undefined, { subscribe: false, forceRefetch: true }),
      );
    },
    [dispatch, show],
  );

  let step;
  if (onboarding.isLoading) {
    step = <PageLoader label="Checking your account..." />;
  } else if (!onboarding.data) {
    step = (
      <Result
        status="error"
        title="Could not check your account"
        subTitle="Please try again in a moment."
        extra={<Button onClick={() => void onboarding.refetch()}>Try again</Button>}
      />
    );
  } else if (onboarding.data.step === 'form') {
    // Stripe turned the details down after they were sent: say so above the form they correct.
    const refused = account?.kycStatus === 'failed' ? account.cardNotReadyReason : null;
    step = (
      <>
        {refused && (
          <Alert
            type="error"
            showIcon
            className="onboarding-refused"
            title="Check your details"
            description={refused}
          />
        )}
        <KycForm onVerified={verified} />
      </>
    );
  } else if (onboarding.data.step === 'card' && onboarding.data.account) {
    step = <CardStep account={onboarding.data.account} onChanged={show} />;
  } else {
    step = <CompleteStep account={onboarding.data.account} card={onboarding.data.card} />;
  }

  return (
    <div className="page onboarding-page">
      <DocumentTitle title="Set Up Your Payment Account" />
      <header className="page-header">
        <h1>Welcome{user ? `, ${displayName(user)}` : ''}!</h1>
        <p className="muted">
          {onboarding.data?.step === 'complete'
            ? 'Your payment account is set up: add funds, withdraw to your bank and pay with your virtual card.'
            : 'Set up your payment account to add funds, withdraw to your bank and get your virtual card.'}
        </p>
      </header>
      {step}
    </div>
  );
}
