import { MailOutlined } from '@ant-design/icons';
import type { PasswordResetRequest } from '@kitty/api-client';
import { useRequestPasswordResetMutation } from '@kitty/api-client';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';

import { DocumentTitle } from '../../ui/document-title';
import { toastProblem } from '../../ui/problem-toast';
import { useToast } from '../../ui/toast';

const emailRules = [
  { required: true, message: 'Please enter your email address.' },
  { type: 'email' as const, message: 'Please enter a valid email address.' },
];

/**
 * /forgot-password: asks for a reset link. The answer is the same whether or not the address has an
 * account, so the page never says which it was.
 */
export default function ForgotPasswordPage() {
  const toast = useToast();
  const [requestReset, { isLoading }] = useRequestPasswordResetMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onFinish = async ({ email }: PasswordResetRequest) => {
    try {
      await requestReset({ email: email.trim() }).unwrap();
      setSentTo(email.trim());
    } catch (error) {
      toastProblem(toast, error);
    }
  };

  if (sentTo) {
    return (
      <div className="page result-page">
        <DocumentTitle title="Check your inbox" />
        <MailOutlined className="result-icon" aria-hidden />
        <h1>Check your inbox</h1>
        <p>
          If an account uses <strong>{sentTo}</strong>, we have e-mailed it a link to choose a new password.
          The link works once and expires in 30 minutes.
        </p>
        <p className="muted">Nothing there after a few minutes? Check your spam folder, or ask again.</p>
        <Button onClick={() => setSentTo(null)}>Ask again</Button>
      </div>
    );
  }

  return (
    <div className="page auth-page">
      <DocumentTitle title="Forgot your password" />
      <section className="panel auth-panel" aria-labelledby="forgot-title">
        <h1 id="forgot-title" className="panel-title">
          Forgot your password?
        </h1>
        <p className="muted">Enter the e-mail address of your account and we will send you a reset link.</p>
        <Form<PasswordResetRequest>
          name="forgot-password"
          layout="vertical"
          requiredMark={false}
          onFinish={onFinish}
          disabled={isLoading}
        >
          <Form.Item label="Email" name="email" rules={emailRules}>
            <Input type="email" autoComplete="email" inputMode="email" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={isLoading} block size="large">
            Send reset link
          </Button>
        </Form>
        <p className="auth-switch">
          <Link to="/auth">Back to sign in</Link>
        </p>
      </section>
    </div>
  );
}
