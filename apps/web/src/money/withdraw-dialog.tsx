import type { CreateWithdrawalRequest, PotDetail, PotSummary } from '@kitty/api-client';
import { useCreateWithdrawalMutation, useGetWalletQuery } from '@kitty/api-client';
import { formatPence } from '@kitty/money';
import { Alert, Button, Form, Input, Modal, Result, Select, Space } from 'antd';
import { useState } from 'react';

import { parseAmountPence, penceText } from '../pots/split';
import { useToast } from '../ui/toast';
import { useIdempotentAction } from '../ui/use-idempotent-action';
import { useMoneyErrorHandler } from './account-setup';
import { MAX_WITHDRAWAL_PENCE } from './amounts';
import { WALLET } from './destinations';
import { announceMoneyMoved } from './money-broadcast';
import { RecentWithdrawals } from './recent-withdrawals';

export const INVALID_WITHDRAWAL = 'Please enter a valid amount to withdraw';
export const INSUFFICIENT_FUNDS = {
  title: 'Insufficient Funds',
  detail: 'You cannot withdraw more than your available balance',
} as const;
const WITHDRAWAL_FAILED = {
  title: 'Withdrawal Failed',
  detail: 'There was an error processing your withdrawal. Please try again.',
} as const;

/** A pot to withdraw from; with its rules and the caller's role (the pot page), it says when one needs approval. */
export type WithdrawablePot = PotSummary & Partial<Pick<PotDetail, 'rules' | 'yourRole'>>;

export interface WithdrawDialogProps {
  onClose: () => void;
  /** Pots the user may withdraw from: the ones they own (Home), or the pot whose rules let them. */
  pots: readonly WithdrawablePot[];
  /** 'wallet' or one of `pots`' ids. */
  defaultSource?: string;
}

/** The amount above which the pot's rules ask a second member to approve this caller's withdrawal. */
export function approvalAbovePence(pot: WithdrawablePot | undefined): number | null {
  if (!pot?.rules || pot.yourRole !== 'member' || pot.rules.withdrawRule !== 'approval') return null;
  return pot.rules.approvalAbovePence;
}

interface WithdrawValues {
  source: string;
  amount: string;
}

/** Withdraw to the verified payment account's bank account: at most min(balance, £1,000). */
export function WithdrawDialog({ onClose, pots, defaultSource = WALLET }: WithdrawDialogProps) {
  const { data: wallet } = useGetWalletQuery();
  const [form] = Form.useForm<WithdrawValues>();
  const toast = useToast();
  const handleError = useMoneyErrorHandler();
  const [createWithdrawal, { isLoading }] = useCreateWithdrawalMutation();
  const sendOnce = useIdempotentAction();
  const [initiated, setInitiated] = useState<{
    amountPence: number;
    from: string;
    awaitingApproval: boolean;
  } | null>(null);

  const source: string = Form.useWatch('source', form) ?? defaultSource;
  const typed = parseAmountPence(Form.useWatch('amount', form));
  const pot = pots.find(({ id }) => id === source);
  const approvalAbove = source === WALLET ? null : approvalAbovePence(pot);
  const needsApproval = approvalAbove !== null && typed !== null && typed > approvalAbove;
  const balancePence = source === WALLET ? (wallet?.balancePence ?? 0) : (pot?.balancePence ?? 0);
  const maxPence = Math.max(0, Math.min(balancePence, MAX_WITHDRAWAL_PENCE));
  const sourceName = source === WALLET ? 'your wallet' : (pot?.name ?? 'the pot');

  const onFinish = async ({ amount }: WithdrawValues) => {
    const amountPence = parseAmountPence(amount);
    if (amountPence === null) return;
    try {
      const request: CreateWithdrawalRequest = {
        amountPence,
        source: source === WALLET ? { type: 'wallet' } : { type: 'pot', potId: source },
      };
      const withdrawal = await sendOnce(request, (key) =>
        createWithdrawal({ 'Idempotency-Key': key, createWithdrawalRequest: request }).unwrap(),
      );
      const awaitingApproval = withdrawal.status === 'awaiting_approval';
      if (awaitingApproval)
        toast.success(
          'Sent for approval',
          `Another member of ${sourceName} must approve ${formatPence(amountPence)} before it leaves the pot.`,
        );
      else
        toast.success(
          'Withdrawal Initiated',
          `${formatPence(amountPence)} is on its way to your bank account. It takes 1-3 business days.`,
        );
      setInitiated({ amountPence, from: sourceName, awaitingApproval });
      announceMoneyMoved();
    } catch (error) {
      handleError(error, WITHDRAWAL_FAILED);
    }
  };

  if (initiated) {
    return (
      <Modal open title="Withdraw" footer={null} onCancel={onClose} destroyOnHidden>
        <Result
          status={initiated.awaitingApproval ? 'info' : 'success'}
          title={initiated.awaitingApproval ? 'Waiting for approval' : 'Withdrawal Initiated'}
          subTitle={
            initiated.awaitingApproval
              ? `${formatPence(initiated.amountPence)} from ${initiated.from}: the other members are asked, and nothing leaves the pot until one of them approves. You can cancel it on the pot page meanwhile.`
              : `${formatPence(initiated.amountPence)} from ${initiated.from} to ${
                  wallet?.payoutAccount ?? 'your bank account'
                }. Funds arrive in 1-3 business days.`
          }
          extra={
            <Button type="primary" onClick={onClose}>
              Done
            </Button>
          }
        />
      </Modal>
    );
  }

  const options = [
    { value: WALLET, label: `My wallet (${formatPence(wallet?.balancePence ?? 0)})` },
    ...pots.map(({ id, name, balancePence: potBalance }) => ({
      value: id,
      label: `${name} (${formatPence(potBalance)})`,
    })),
  ];

  return (
    <Modal
      open
      title="Withdraw"
      okText={needsApproval ? 'Ask for approval' : 'Withdraw'}
      onOk={() => form.submit()}
      onCancel={onClose}
      // Until the wallet is read every amount would look like more than the balance.
      okButtonProps={{ loading: isLoading, disabled: !wallet }}
      cancelButtonProps={{ disabled: isLoading }}
      mask={{ closable: !isLoading }}
      destroyOnHidden
    >
      <p className="muted">
        Money goes to {wallet?.payoutAccount ?? 'the bank account of your verified payment account'}. At most{' '}
        {formatPence(MAX_WITHDRAWAL_PENCE)} per withdrawal.
      </p>
      {approvalAbove !== null && (
        <Alert
          className="withdraw-approval-note"
          type={needsApproval ? 'warning' : 'info'}
          showIcon
          title={`Above ${formatPence(approvalAbove)}, a second member approves`}
          description={
            needsApproval
              ? 'This withdrawal will wait for another member to approve it; nothing leaves the pot until then.'
              : `This pot's rules let you withdraw up to ${formatPence(approvalAbove)} at once; more waits for another member's approval.`
          }
        />
      )}
      <Form
        form={form}
        name="withdraw"
        layout="vertical"
        requiredMark={false}
        disabled={isLoading}
        initialValues={{ source: defaultSource, amount: '' }}
        onFinish={onFinish}
        onFinishFailed={({ errorFields }) => {
          if (errorFields.some(({ errors }) => errors.includes(INSUFFICIENT_FUNDS.detail)))
            toast.error(INSUFFICIENT_FUNDS.title, INSUFFICIENT_FUNDS.detail);
        }}
      >
        {options.length > 1 && (
          <Form.Item label="Withdraw from" name="source">
            <Select options={options} onChange={() => form.setFields([{ name: 'amount', errors: [] }])} />
          </Form.Item>
        )}
        <Form.Item label="Amount" extra={`Available: ${formatPence(balancePence)}`} required>
          <Space.Compact block>
            <Form.Item
              name="amount"
              noStyle
              rules={[
                {
                  validator: (_rule, value: string | undefined) => {
                    const pence = parseAmountPence(value);
                    if (pence === null) return Promise.reject(new Error(INVALID_WITHDRAWAL));
                    if (pence > balancePence) return Promise.reject(new Error(INSUFFICIENT_FUNDS.detail));
                    if (pence > MAX_WITHDRAWAL_PENCE)
                      return Promise.reject(
                        new Error(`You can withdraw at most ${formatPence(MAX_WITHDRAWAL_PENCE)} at a time.`),
                      );
                    return Promise.resolve();
                  },
                },
              ]}
            >
              <Input
                prefix="£"
                inputMode="decimal"
                autoComplete="off"
                placeholder="0.00"
                aria-label="Amount"
              />
            </Form.Item>
            <Button
              disabled={maxPence === 0 || isLoading}
              onClick={() => {
                form.setFieldValue('amount', penceText(maxPence));
                void form.validateFields(['amount']);
              }}
            >
              Max
            </Button>
          </Space.Compact>
        </Form.Item>
      </Form>
      <RecentWithdrawals />
    </Modal>
  );
}
