import { useListPotsQuery } from '@kitty/api-client';
import { Form, Modal } from 'antd';

import type { AddFundsValues } from './add-funds-form';
import { AddFundsForm, chosenDestination, useContinueToPayment } from './add-funds-form';
import { WALLET } from './destinations';

export interface AddFundsDialogProps {
  onClose: () => void;
  /** The pot preselected (Home: the active pot; a pot's page: that pot); the wallet when absent. */
  defaultPotId?: string;
}

/** Home's and a pot's Add Funds: amount and destination, then /payment-method-selection. */
export function AddFundsDialog({ onClose, defaultPotId }: AddFundsDialogProps) {
  const { data: pots } = useListPotsQuery();
  const [form] = Form.useForm<AddFundsValues>();
  const { continueToPayment, checking } = useContinueToPayment();

  const onFinish = async (values: AddFundsValues) => {
    const { destination, name } = chosenDestination(values, pots);
    if (await continueToPayment(values.amount, destination, name)) onClose();
  };

  return (
    <Modal
      open
      title="Add Funds"
      okText="Continue"
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ loading: checking }}
      destroyOnHidden
    >
      <AddFundsForm
        form={form}
        pots={pots}
        initialValues={{ amount: '', destination: defaultPotId ?? WALLET }}
        onFinish={onFinish}
      />
    </Modal>
  );
}
