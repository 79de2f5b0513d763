import type { OnboardingStatus, PaymentAccount } from '@kitty/api-client';
import {
  httpStatusOf,
  problemDetail,
  useCreateCardMutation,
  useGetBankAccountQuery,
  useRecreatePaymentAccountMutation,
} from '@kitty/api-client';
import { Alert, Button, Descriptions, Form, Input } from 'antd';

import { BankAccountForm } from '../../bank-account/bank-account-form';
import { serverFieldErrors } from '../../ui/server-field-errors';
import { useToast } from '../../ui/toast';

/** The verified account at a glance, in words (no provider ids): where withdrawals go, whether card issuing is on. */
function AccountSummary({ account }: { account: PaymentAccount }) {
  return (
    <Descriptions column={1} size="small" className="onboarding-account">
      <Descriptions.Item label="KYC">
        {account.kycStatus === 'complete'
          ? 'Completed'
          : account.kycStatus === 'verifying'
            ? 'Being checked by Stripe'
            : 'Pending'}
      </Descriptions.Item>
      <Descriptions.Item label="Payouts to">
        {account.payoutAccountLabel ?? 'No bank account yet'}
      </Descriptions.Item>
      <Descriptions.Item label="Card issuing">
        {account.capabilities.cardIssuing === 'active'
          ? 'Available'
          : account.capabilities.cardIssuing === 'pending'
            ? 'Being checked by Stripe'
            : 'Not available'}
      </Descriptions.Item>
    </Descriptions>
  );
}

/** The server's reason for a 4xx, else the spec's fallback text. */
function reasonOf(error: unknown, fallback: string): string {
  const status = httpStatusOf(error);
  return (status !== undefined && status < 500 ? problemDetail(error) : undefined) ?? fallback;
}

/**
 * The card step: the details are sent. While Stripe is still checking them the card waits, and the step
 * says why (the page re-reads the status until Stripe's answer arrives); once Stripe makes card issuing
 * active, 'Create Virtual Card' issues the card, and the onboarding status (re-read through its cache tag)
 * moves on to complete. 'Create New Account with Card Issuing' replaces the account with one that has the
 * capability (decisions §16) and stays on this step.
 */
export function CardStep({
  account,
  onChanged,
}: {
  account: PaymentAccount;
  onChanged: (status: OnboardingStatus) => void;
}) {
  const toast = useToast();
  const [recreate, { isLoading }] = useRecreatePaymentAccountMutation();
  const [createCard, cardCreation] = useCreateCardMutation();
  const bank = useGetBankAccountQuery().data?.bankAccount ?? null;
  const [recreateForm] = Form.useForm<{ accountNumber?: string }>();

  const onCreateCard = async () => {
    try {
      const card = await createCard().unwrap();
      toast.success('Virtual Card Created', `Your ${card.brand} card ending ${card.last4} is ready to use.`);
    } catch (error) {
      toast.error('Error', reasonOf(error, 'Failed to create virtual card'));
    }
  };

  const onRecreate = async ({ accountNumber }: { accountNumber?: string }) => {
    try {
      const status = await recreate(
        bank ? { accountNumber: accountNumber?.replace(/[\s-]/g, '') } : {},
      ).unwrap();
      toast.success(
        'New Account Created',
        bank
          ? `Your new payment account has card issuing enabled. Withdrawals still go to •••• ${bank.last4}.`
          : 'Your new payment account has card issuing enabled.',
      );
      recreateForm.resetFields();
      onChanged(status);
    } catch (error) {
      const fields = serverFieldErrors(error, ['accountNumber'] as const);
      if (bank && fields.length > 0) recreateForm.setFields(fields);
      else toast.error('Error', reasonOf(error, 'Failed to create Stripe account'));
    }
  };

  const cardReady = account.capabilities.cardIssuing === 'active';
  const checking = account.kycStatus === 'verifying' || account.capabilities.cardIssuing === 'pending';

  return (
    <>
      <section className="panel" aria-labelledby="card-step-title">
        <h2 id="card-step-title" className="panel-title">
          {checking
            ? 'Your details are being checked'
            : "Account Setup Complete! Now let's create your virtual card"}
        </h2>
        <AccountSummary account={account} />
        <div className="onboarding-card-panel">
          <h3>Your bank account</h3>
          <p className="muted">Withdrawals are paid to your own UK bank account.</p>
          <BankAccountForm />
        </div>
        <div className="onboarding-card-panel">
          <h3>Your virtual card</h3>
          <p className="muted">A free virtual card that spends from your active pot.</p>
          {!cardReady && account.cardNotReadyReason && (
            <Alert
              type="info"
              showIcon
              role="status"
              className="onboarding-card-wait"
              title="Your card is not ready yet"
              description={account.cardNotReadyReason}
            />
          )}
          <Button
            type="primary"
            onClick={onCreateCard}
            loading={cardCreation.isLoading}
            disabled={!cardReady}
          >
            {cardCreation.isLoading ? 'Creating Card...' : 'Create Virtual Card'}
          </Button>
        </div>
      </section>
      {!checking && (
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
              <Form
                form={recreateForm}
                name="recreate-account"
                layout="vertical"
                requiredMark={false}
                onFinish={onRecreate}
                aria-label="New payment account"
              >
                {bank && (
                  <Form.Item
                    name="accountNumber"
                    label={`Account number of •••• ${bank.last4}`}
                    extra="Your bank account moves to the new payment account. We keep only its last four digits, so type its number once more."
                    rules={[{ required: true, message: `Enter the account number of •••• ${bank.last4}.` }]}
                  >
                    <Input inputMode="numeric" placeholder="12345678" autoComplete="off" />
                  </Form.Item>
                )}
                <div className="onboarding-recreate-actions">
                  <Button htmlType="submit" loading={isLoading}>
                    {isLoading ? 'Creating New Account...' : 'Create New Account with Card Issuing'}
                  </Button>
                </div>
              </Form>
            </>
          }
        />
      )}
    </>
  );
}
