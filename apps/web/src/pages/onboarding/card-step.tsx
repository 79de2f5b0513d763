import type { OnboardingStatus, PaymentAccount } from '@kitty/api-client';
import { httpStatusOf, problemDetail, useRecreatePaymentAccountMutation } from '@kitty/api-client';
import { Alert, Button, Descriptions } from 'antd';

import { ButtonLink } from '../../ui/button-link';
import { useToast } from '../../ui/toast';

/** The verified account at a glance: where withdrawals go and whether card issuing is on. */
export function AccountSummary({ account }: { account: PaymentAccount }) {
  return (
    <Descriptions column={1} size="small" className="onboarding-account">
      <Descriptions.Item label="Account">{account.id}</Descriptions.Item>
      <Descriptions.Item label="KYC">
        {account.kycStatus === 'complete' ? 'Completed' : 'Pending'}
      </Descriptions.Item>
      <Descriptions.Item label="Payouts to">
        {account.payoutAccountLabel ?? 'No bank account yet'}
      </Descriptions.Item>
      <Descriptions.Item label="Card issuing">
        {account.capabilities.cardIssuing === 'active' ? 'Available' : 'Not available'}
      </Descriptions.Item>
    </Descriptions>
  );
}

/**
 * The card step: the account is verified; virtual cards come next. 'Create New Account with Card Issuing'
 * replaces the account with one that has the capability (decisions §16) and stays on this step.
 */
export function CardStep({
  account,
  onRecreated,
}: {
  account: PaymentAccount;
  onRecreated: (status: OnboardingStatus) => void;
}) {
  const toast = useToast();
  const [recreate, { isLoading }] = useRecreatePaymentAccountMutation();

  const onRecreate = async () => {
    try {
      const status = await recreate().unwrap();
      toast.success('New Account Created', 'Your new payment account has card issuing enabled.');
      onRecreated(status);
    } catch (error) {
      const status = httpStatusOf(error);
      const detail = status !== undefined && status < 500 ? problemDetail(error) : undefined;
      toast.error('Error', detail ?? 'Failed to create Stripe account');
    }
  };

  return (
    <>
      <section className="panel" aria-labelledby="card-step-title">
        <h2 id="card-step-title" className="panel-title">
          Account Setup Complete! Now let&apos;s create your virtual card
        </h2>
        <AccountSummary account={account} />
        <div className="onboarding-card-panel">
          <h3>Your virtual card</h3>
          <p className="muted">
            Virtual cards are on their way. Meanwhile your verified account can add funds and withdraw to your
            bank account.
          </p>
          <ButtonLink to="/" type="primary">
            Go to Dashboard
          </ButtonLink>
        </div>
      </section>
      <Alert
        type="warning"
        showIcon
        className="onboarding-recreate"
        title="Card Issuing Not Available?"
        description={
          <>
            <p>
              If card creation is not available on your account, create a new payment account with card
              issuing. Your verified details carry over.
            </p>
            <Button onClick={onRecreate} loading={isLoading}>
              {isLoading ? 'Creating New Account...' : 'Create New Account with Card Issuing'}
            </Button>
          </>
        }
      />
    </>
  );
}
