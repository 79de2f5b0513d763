import type { SettleUpTransfer } from '@kitty/api-client';
import { useCreateSettlementMutation } from '@kitty/api-client';
import { formatPence } from '@kitty/money';
import { Form, Input, Modal } from 'antd';

import { parseAmountPence, penceText } from '../../pots/split';
import { toastProblem } from '../../ui/problem-toast';
import { useToast } from '../../ui/toast';

export interface SettlementDialogProps {
  potId: string;
  transfer: SettleUpTransfer;
  fromName: string;
  toName: string;
  onClose: () => void;
}

/** Records that one member paid another (the plan's amount, or part of it). */
export function SettlementDialog({ potId, transfer, fromName, toName, onClose }: SettlementDialogProps) {
  const [form] = Form.useForm<{ amount: string }>();
  const toast = useToast();
  const [createSettlement, { isLoading }] = useCreateSettlementMutation();

  const onFinish = async ({ amount }: { amount: string }) => {
    const amountPence = parseAmountPence(amount);
    if (amountPence === null) return;
    try {
      await createSettlement({
        potId,
        createSettlementRequest: {
          fromMemberId: transfer.fromMemberId,
          toMemberId: transfer.toMemberId,
          amountPence,
        },
      }).unwrap();
      toast.success('Success!', `Recorded: ${fromName} paid ${toName} ${formatPence(amountPence)}.`);
      onClose();
    } catch (error) {
      toastProblem(toast, error);
    }
  };

  return (
    <Modal
      open
      title="Record payment"
      okText="Record payment"
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ loading: isLoading }}
      cancelButtonProps={{ disabled: isLoading }}
      destroyOnHidden
    >
      <p>
        {fromName} pays {toName}. Record it once the money has changed hands; a part payment is fine.
      </p>
      <Form
        form={form}
        name="settlement"
        layout="vertical"
        requiredMark={false}
        disabled={isLoading}
        initialValues={{ amount: penceText(transfer.amountPence) }}
        onFinish={onFinish}
      >
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
