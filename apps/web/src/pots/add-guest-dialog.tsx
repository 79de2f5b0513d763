import type { AddGuestRequest } from '@kitty/api-client';
import { httpStatusOf, useAddGuestMutation } from '@kitty/api-client';
import { Button, Form, Input, Modal, Space } from 'antd';

import { toastProblem } from '../ui/problem-toast';
import { serverFieldErrors } from '../ui/server-field-errors';
import { useToast } from '../ui/toast';

const FIELDS = ['name', 'email'] as const satisfies (keyof AddGuestRequest)[];

export interface AddGuestDialogProps {
  potId: string;
  onClose: () => void;
}

/**
 * Add a guest: someone who shares expenses before they have an account. With their e-mail,
 * they become the member with everything recorded for them when they join from an invitation sent to it,
 * with an account that confirmed that address.
 */
export function AddGuestDialog({ potId, onClose }: AddGuestDialogProps) {
  const [form] = Form.useForm<AddGuestRequest>();
  const toast = useToast();
  const [addGuest, { isLoading }] = useAddGuestMutation();

  const onFinish = async (values: AddGuestRequest) => {
    const email = values.email?.trim();
    const guest = { name: values.name.trim(), ...(email ? { email } : {}) };
    try {
      await addGuest({ potId, addGuestRequest: guest }).unwrap();
      toast.success('Guest added', `${guest.name} can now share expenses.`);
      onClose();
    } catch (error) {
      if (httpStatusOf(error) === 400) form.setFields(serverFieldErrors(error, FIELDS));
      toastProblem(toast, error);
    }
  };

  return (
    <Modal
      open
      title="Add a guest"
      onCancel={onClose}
      mask={{ closable: !isLoading }}
      destroyOnHidden
      footer={
        <Space wrap>
          <Button onClick={onClose} disabled={isLoading}>
            Cancel
          </Button>
          <Button type="primary" loading={isLoading} onClick={() => form.submit()}>
            Add guest
          </Button>
        </Space>
      }
    >
      <Form<AddGuestRequest>
        form={form}
        name="add-guest"
        layout="vertical"
        requiredMark={false}
        disabled={isLoading}
        onFinish={onFinish}
      >
        <p className="muted">
          A guest shares expenses before they have a Kitty account. If you give their e-mail, invite them at
          it: they take over everything recorded for them when they join from that invitation with an account
          whose address is that e-mail, confirmed.
        </p>
        <Form.Item
          label="Name"
          name="name"
          rules={[{ required: true, whitespace: true, message: "Please enter the guest's name." }]}
        >
          <Input autoComplete="off" maxLength={120} />
        </Form.Item>
        <Form.Item
          label="Email (optional)"
          name="email"
          rules={[{ type: 'email', message: 'Please enter a valid email address.' }]}
        >
          <Input type="email" autoComplete="off" inputMode="email" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
