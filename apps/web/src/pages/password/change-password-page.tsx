import type { ChangePasswordRequest } from '@kitty/api-client';
import { httpStatusOf, useChangePasswordMutation } from '@kitty/api-client';
import { PASSWORD_MIN_LENGTH } from '@kitty/contracts';
import { Button, Form, Input } from 'antd';
import { useNavigate } from 'react-router-dom';

import { DocumentTitle } from '../../ui/document-title';
import { toastProblem } from '../../ui/problem-toast';
import { serverFieldErrors } from '../../ui/server-field-errors';
import { useToast } from '../../ui/toast';

const FIELDS = ['currentPassword', 'newPassword'] as const;

/** /account/password: change the password; this device stays signed in, every other one is signed out. */
export default function ChangePasswordPage() {
  const toast = useToast();
  const navigate = useNavigate();
  const [form] = Form.useForm<ChangePasswordRequest>();
  const [changePassword, { isLoading }] = useChangePasswordMutation();

  const onFinish = async (body: ChangePasswordRequest) => {
    try {
      await changePassword(body).unwrap();
      toast.success('Password changed', 'Your other devices have been signed out.');
      navigate('/', { replace: true });
    } catch (error) {
      form.setFields(serverFieldErrors(error, FIELDS));
      if (httpStatusOf(error) !== 400) toastProblem(toast, error);
    }
  };

  return (
    <div className="page auth-page">
      <DocumentTitle title="Change password" />
      <section className="panel auth-panel" aria-labelledby="change-password-title">
        <h1 id="change-password-title" className="panel-title">
          Change password
        </h1>
        <p className="muted">You stay signed in here; every other device will be signed out.</p>
        <Form<ChangePasswordRequest>
          form={form}
          name="change-password"
          layout="vertical"
          requiredMark={false}
          onFinish={onFinish}
          disabled={isLoading}
        >
          <Form.Item
            label="Current password"
            name="currentPassword"
            rules={[{ required: true, message: 'Please enter your current password.' }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item
            label="New password"
            name="newPassword"
            rules={[
              { required: true, message: 'Please choose a new password.' },
              {
                min: PASSWORD_MIN_LENGTH,
                message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
              },
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={isLoading} block size="large">
            Change password
          </Button>
        </Form>
      </section>
    </div>
  );
}
