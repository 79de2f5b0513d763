import { httpStatusOf, problemDetail, useDeleteAccountMutation } from '@kitty/api-client';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { useAppDispatch } from '../../app/store';
import { announceSession } from '../../session/session-broadcast';
import { endSession } from '../../session/session-slice';
import { toastProblem } from '../../ui/problem-toast';
import { serverFieldErrors } from '../../ui/server-field-errors';
import { useToast } from '../../ui/toast';

const FIELDS = ['password'] as const;

interface DeleteForm {
  password: string;
}

/**
 * Deletes the account once no money is left in it (the server says what is left). The password is asked
 * again. Afterwards every tab is signed out.
 */
export function DeleteAccount() {
  const toast = useToast();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [form] = Form.useForm<DeleteForm>();
  const [open, setOpen] = useState(false);
  const [blocked, setBlocked] = useState<string | null>(null);
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();

  const close = () => {
    setOpen(false);
    setBlocked(null);
    form.resetFields();
  };

  const onFinish = async ({ password }: DeleteForm) => {
    setBlocked(null);
    try {
      await deleteAccount({ password }).unwrap();
    } catch (error) {
      const status = httpStatusOf(error);
      if (status === 409) setBlocked(problemDetail(error) ?? 'Money is still left in your account.');
      else if (status === 400) form.setFields(serverFieldErrors(error, FIELDS));
      else toastProblem(toast, error);
      return;
    }
    close();
    navigate('/', { replace: true });
    endSession(dispatch, { byUser: true });
    announceSession({ type: 'signed-out' });
    toast.success('Account deleted', 'Your personal details have been removed. Thank you for using Kitty.');
  };

  return (
    <section className="panel account-danger" aria-labelledby="delete-title">
      <h2 id="delete-title" className="panel-title">
        Delete account
      </h2>
      <p className="muted">
        Your name, e-mail address and phone number are removed and your card is cancelled. Records of money
        movements are kept for 7 years, as the law requires, without your personal details. You can delete
        your account once your wallet and the pots you own are empty and you are settled up in every pot; a
        pot you own passes to its longest-standing member.
      </p>
      <Button danger onClick={() => setOpen(true)}>
        Delete my account
      </Button>
      <Modal
        open={open}
        title="Delete your account?"
        onCancel={close}
        okText="Delete account"
        okButtonProps={{ danger: true, loading: isLoading, htmlType: 'submit', form: 'delete-account' }}
        destroyOnHidden
      >
        <p>This cannot be undone. Enter your password to confirm.</p>
        {blocked && (
          <Alert type="warning" showIcon title="Not yet" description={blocked} className="account-blocked" />
        )}
        <Form<DeleteForm>
          form={form}
          id="delete-account"
          // The account page also has the bank form's password: a form name keeps the two inputs' ids apart.
          name="delete-account"
          layout="vertical"
          requiredMark={false}
          onFinish={onFinish}
          disabled={isLoading}
        >
          <Form.Item
            label="Password"
            name="password"
            rules={[{ required: true, message: 'Please enter your password.' }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
        </Form>
      </Modal>
    </section>
  );
}
