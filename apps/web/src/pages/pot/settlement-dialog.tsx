import type { CreateSettlementRequest, SettleUpTransfer } from '@kitty/api-client';
import { useCreateSettlementMutation, useGetWalletQuery } from '@kitty/api-client';
import { formatPence } from '@kitty/money';
import { Form, Input, Modal, Radio } from 'antd';

import { parseAmountPence, penceText } from '../../pots/split';
import { toastProblem } from '../../ui/problem-toast';
import { useToast } from '../../ui/toast';
import { useIdempotentAction } from '../../ui/use-idempotent-action';

export interface SettlementDialogProps {
  potId: string;
  transfer: SettleUpTransfer;
  fromName: string;
  toName: string;
  /** The signed-in user is the payer: only they may pay from their Kitty wallet. */
  payerIsYou: boolean;
  /** A guest has no Kitty wallet to be paid into: their payment can only be recorded. */
  payeeIsGuest?: boolean;
  /** A pot member's name by id: who the server says a pending payment waits for. */
  nameOfMember: (memberId: string) => string;
  onClose: () => void;
}

type PaidHow = 'kitty' | 'elsewhere';

/**
 * Settles (part of) a debt from the plan: the payer can pay it now from their Kitty wallet to the payee's
 * (decisions §6), or anyone records a payment made elsewhere.
 */
export function SettlementDialog({
  potId,
  transfer,
  fromName,
  toName,
  payerIsYou,
  payeeIsGuest = false,
  nameOfMember,
  onClose,
}: SettlementDialogProps) {
  const mayPayWithKitty = payerIsYou && !payeeIsGuest;
  const [form] = Form.useForm<{ amount: string; paidHow: PaidHow }>();
  const toast = useToast();
  const [createSettlement, { isLoading }] = useCreateSettlementMutation();
  const sendOnce = useIdempotentAction();
  const wallet = useGetWalletQuery(undefined, { skip: !mayPayWithKitty });
  const payWithKitty = (Form.useWatch('paidHow', form) ?? 'elsewhere') === 'kitty';
  // An empty wallet cannot pay: the option is shown (so people learn it exists) but cannot be chosen.
  const walletIsEmpty = wallet.data !== undefined && wallet.data.balancePence <= 0;

  const onFinish = async ({ amount }: { amount: string }) => {
    const amountPence = parseAmountPence(amount);
    if (amountPence === null) return;
    try {
      const request: CreateSettlementRequest = {
        fromMemberId: transfer.fromMemberId,
        toMemberId: transfer.toMemberId,
        amountPence,
        ...(payWithKitty ? { payWithKitty: true } : {}),
      };
      const settlement = await sendOnce({ potId, request }, (key) =>
        createSettlement({ potId, 'Idempotency-Key': key, createSettlementRequest: request }).unwrap(),
      );
      // Recorded without Kitty, it counts once the person the server asks confirms it: the other person in
      // it, or the pot's owner when that person is a guest.
      const waiting =
        settlement.status === 'pending' && settlement.awaitingMemberId
          ? ` Waiting for ${nameOfMember(settlement.awaitingMemberId)} to confirm.`
          : '';
      toast.success(
        'Success!',
        payWithKitty
          ? `You paid ${toName} ${formatPence(amountPence)} from your Kitty wallet.`
          : `Recorded: ${fromName} paid ${toName} ${formatPence(amountPence)}.${waiting}`,
      );
      onClose();
    } catch (error) {
      toastProblem(toast, error);
    }
  };

  return (
    <Modal
      open
      title="Record payment"
      okText={payWithKitty ? 'Pay with Kitty' : 'Record payment'}
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ loading: isLoading }}
      cancelButtonProps={{ disabled: isLoading }}
      destroyOnHidden
    >
      <p>
        {fromName} pays {toName}.{' '}
        {payWithKitty
          ? 'The money moves from your Kitty wallet to theirs now; a part payment is fine.'
          : 'Record it once the money has changed hands; a part payment is fine.'}
      </p>
      <Form
        form={form}
        name="settlement"
        layout="vertical"
        requiredMark={false}
        disabled={isLoading}
        initialValues={{ amount: penceText(transfer.amountPence), paidHow: 'elsewhere' }}
        onFinish={onFinish}
      >
        {mayPayWithKitty && (
          <Form.Item label="How are you paying?" name="paidHow">
            <Radio.Group
              options={[
                {
                  value: 'kitty',
                  disabled: walletIsEmpty,
                  label: walletIsEmpty
                    ? 'Pay now from my Kitty wallet (empty: add funds first)'
                    : `Pay now from my Kitty wallet${
                        wallet.data ? ` (${formatPence(wallet.data.balancePence)} available)` : ''
                      }`,
                },
                { value: 'elsewhere', label: 'I paid another way: just record it' },
              ]}
            />
          </Form.Item>
        )}
        <Form.Item
          label="Amount"
          name="amount"
          rules={[
            {
              validator: (_rule, value: string | undefined) =>
                parseAmountPence(value) === null
                  ? Promise.reject(new Error('Invalid amount'))
                  : Promise.resolve(),
            },
          ]}
        >
          <Input prefix="£" inputMode="decimal" autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
