import { useListPotsQuery } from '@kitty/api-client';
import { Form, Modal } from 'antd';
import { useEffect } from 'react';

import type { AddFundsValues } from './add-funds-form';
import { AddFundsForm, chosenDestination, useContinueToPayment } from './add-funds-form';
import { WALLET } from './destinations';

export interface AddFundsDialogProps {
  onClose: () => void;
  /**
   * The pot preselected (Home: the active pot; a pot's page: that pot); the wallet when absent. It may
   * arrive after the dialog opened (the active pot still being read): it is preselected then.
   */
  defaultPotId?: string;
}

/** Home's and a pot's Add Funds: amount and destination, then /payment-method-selection. */
export function AddFundsDialog({ onClose, defaultPotId }: AddFundsDialogProps) {
  const { data: pots } = useListPotsQuery();
  const [form] = Form.useForm<AddFundsValues>();
  const { continueToPayment, checking } = useContinueToPayment();

  // The form's initial values are read once, at its first render: a pot known only later (just created,
  // the pots or the active pot still on their way) is chosen when it is, unless the user chose already.
  const isListed = (potId: string | undefined): potId is string =>
    potId !== undefined && (pots?.some(({ id }) => id === potId) ?? false);
  useEffect(() => {
    if (defaultPotId && pots?.some(({ id }) => id === defaultPotId) && !form.isFieldTouched('destination'))
      form.setFieldValue('destination', defaultPotId);
  }, [defaultPotId, pots, form]);

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
        initialValues={{ amount: '', destination: isListed(defaultPotId) ? defaultPotId : WALLET }}
        onFinish={onFinish}
      />
    </Modal>
  );
}
