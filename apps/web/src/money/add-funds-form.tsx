import { SafetyCertificateOutlined } from '@ant-design/icons';
import type { PotSummary } from '@kitty/api-client';
import { useGetOnboardingQuery, useLazyGetOnboardingQuery } from '@kitty/api-client';
import type { FormInstance } from 'antd';
import { Alert, Button, Form, Input, Select } from 'antd';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

import { parseAmountPence, penceText } from '../pots/split';
import { useToast } from '../ui/toast';
import { ACCOUNT_SETUP_REQUIRED } from './account-setup';
import { QUICK_AMOUNTS_POUNDS, topUpAmountRule } from './amounts';
import type { FundingDestination, PaymentMethodState } from './destinations';
import { destinationName, destinationOf, destinationOptions } from './destinations';

export interface AddFundsValues {
  amount: string;
  /** 'wallet' or a pot id; absent when the destination is fixed (a top-up request). */
  destination?: string;
}

export interface AddFundsFormProps {
  form: FormInstance<AddFundsValues>;
  /** Pots the user belongs to, for the destination select; omit to hide the select. */
  pots?: readonly PotSummary[];
  initialValues: AddFundsValues;
  onFinish: (values: AddFundsValues) => void;
}

/** Amount (quick select £10/£25/£50, £1–£5,000) and destination: the Add Funds dialog and /top-up. */
export function AddFundsForm({ form, pots, initialValues, onFinish }: AddFundsFormProps) {
  const onboarding = useGetOnboardingQuery();
  // A verified user has nothing to do: the notice is for those who still have identity checks ahead.
  const verified = onboarding.data?.account?.kycStatus === 'complete';
  return (
    <Form
      form={form}
      name="add-funds"
      layout="vertical"
      requiredMark={false}
      initialValues={initialValues}
      onFinish={onFinish}
    >
      {!verified && (
        <Alert
          type="info"
          showIcon
          icon={<SafetyCertificateOutlined aria-hidden />}
          className="money-notice"
          title="Verified Account Required"
          description="Adding funds needs a verified payment account with completed identity checks."
        />
      )}
      <div className="quick-amounts" role="group" aria-label="Quick select">
        {QUICK_AMOUNTS_POUNDS.map((pounds) => (
          <Button
            key={pounds}
            onClick={() => {
              form.setFieldValue('amount', `${pounds}.00`);
              void form.validateFields(['amount']);
            }}
          >
            £{pounds}
          </Button>
        ))}
      </div>
      <Form.Item label="Amount" name="amount" rules={[topUpAmountRule]}>
        <Input prefix="£" inputMode="decimal" autoComplete="off" placeholder="0.00" />
      </Form.Item>
      {pots && (
        <Form.Item label="Add to" name="destination">
          <Select options={destinationOptions(pots)} />
        </Form.Item>
      )}
    </Form>
  );
}

/**
 * Continue with a valid amount: an account that has not passed its identity checks is told so and sent to
 * /onboarding (spec §2, §5); otherwise /payment-method-selection with the amount in pounds (spec §3). When
 * the status cannot be read the server decides, answering the payment with the same 403.
 */
export function useContinueToPayment() {
  const navigate = useNavigate();
  const toast = useToast();
  const [readOnboarding, { isFetching }] = useLazyGetOnboardingQuery();

  const continueToPayment = useCallback(
    async (amountText: string, destination: FundingDestination, name: string): Promise<boolean> => {
      const amountPence = parseAmountPence(amountText);
      if (amountPence === null) return false;
      const onboarding = await readOnboarding();
      if (onboarding.data && onboarding.data.account?.kycStatus !== 'complete') {
        toast.error(ACCOUNT_SETUP_REQUIRED.title, ACCOUNT_SETUP_REQUIRED.detail);
        navigate('/onboarding');
        return false;
      }
      const state: PaymentMethodState = {
        amount: penceText(amountPence),
        destination,
        destinationName: name,
      };
      navigate('/payment-method-selection', { state });
      return true;
    },
    [navigate, readOnboarding, toast],
  );
  return { continueToPayment, checking: isFetching };
}

/** The form's values → what to pay into and how to name it. */
export function chosenDestination(values: AddFundsValues, pots: readonly PotSummary[] | undefined) {
  const value = values.destination ?? 'wallet';
  return { destination: destinationOf(value), name: destinationName(value, pots) };
}
