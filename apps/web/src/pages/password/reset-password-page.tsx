import { CloseCircleOutlined } from '@ant-design/icons';
import { httpStatusOf, problemDetail, problemOf, useResetPasswordMutation } from '@kitty/api-client';
import { PASSWORD_MIN_LENGTH } from '@kitty/contracts';
import { Button, Form, Input } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';

import { ButtonLink } from '../../ui/button-link';
import { DocumentTitle } from '../../ui/document-title';
import { toastProblem } from '../../ui/problem-toast';
import { serverFieldErrors } from '../../ui/server-field-errors';
import { useToast } from '../../ui/toast';

interface ResetForm {
  password: string;
  confirm: string;
}

/**
 * /reset-password?token=…: the link e-mailed by 'Forgot password?'. Nothing happens on opening it (mail
 * scanners open links); the new password is sent with the token, and every session of the account ends.
 */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const toast = useToast();
  const navigate = useNavigate();
  const [form] = Form.useForm<ResetForm>();
  const [resetPassword, result] = useResetPasswordMutation();
  const linkProblem = problemOf(result.error);
  const linkDead = !token || (httpStatusOf(result.error) === 400 && !linkProblem?.errors?.length);

  if (linkDead) {
    return (
      <div className="page result-page">
        <DocumentTitle title="Reset your password" />
        <CloseCircleOutlined className="result-icon result-icon-warning" aria-hidden />
        <h1>This link is no longer valid</h1>
        <p>
          {(token && problemDetail(result.error)) || 'Check that you opened the whole link from the e-mail.'}
        </p>
        <ButtonLink to="/forgot-password" type="primary">
          Ask for a new link
        </ButtonLink>
      </div>
    );
  }

  const onFinish = async ({ password }: ResetForm) => {
    try {
      await resetPassword({ token, password }).unwrap();
      toast.success('Password changed', 'Sign in with your new password.');
      navigate('/auth', { replace: true });
    } catch (error) {
      form.setFields(serverFieldErrors(error, ['password'] as const));
      if (httpStatusOf(error) !== 400) toastProblem(toast, error);
    }
  };

  return (
    <div className="page auth-page">
      <DocumentTitle title="Reset your password" />
      <section className="panel auth-panel" aria-labelledby="reset-title">
        <h1 id="reset-title" className="panel-title">
          Choose a new password
        </h1>
        <p className="muted">Every device signed in to your account will be signed out.</p>
        <Form<ResetForm>
          form={form}
          name="reset-password"
          layout="vertical"
          requiredMark={false}
          onFinish={onFinish}
          disabled={result.isLoading}
        >
          <Form.Item
            label="New password"
            name="password"
            rules={[
              { required: true, message: 'Please choose a password.' },
              {
                min: PASSWORD_MIN_LENGTH,
                message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
              },
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            label="Repeat new password"
            name="confirm"
            dependencies={['password']}
            rules={[
              { required: true, message: 'Please repeat the password.' },
              ({ getFieldValue }) => ({
                validator: (_rule, value: string | undefined) =>
                  !value || value === getFieldValue('password')
                    ? Promise.resolve()
                    : Promise.reject(new Error('The two passwords are different.')),
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={result.isLoading} block size="large">
            Set new password
          </Button>
        </Form>
      </section>
    </div>
  );
}
