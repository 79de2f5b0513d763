import { MailOutlined } from '@ant-design/icons';
import type { SignInRequest, SignUpRequest } from '@kitty/api-client';
import { problemDetail, useSignInMutation, useSignUpMutation } from '@kitty/api-client';
import type { FormProps } from 'antd';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router-dom';

import { useAppDispatch, useAppSelector } from '../../app/store';
import { webConfig } from '../../config';
import { rememberReturnAfterEmailConfirmed, returnPathFrom } from '../../session/return-path';
import { announceSession } from '../../session/session-broadcast';
import { selectSessionStatus, sessionEstablished } from '../../session/session-slice';
import { DocumentTitle } from '../../ui/document-title';
import { PageLoader } from '../../ui/page-loader';
import { serverFieldErrors } from '../../ui/server-field-errors';
import { useToast } from '../../ui/toast';

export const MIN_PASSWORD_LENGTH = 8;
const FALLBACK_FAILURE = 'Something went wrong: Please try again later.';

const emailRules = [
  { required: true, message: 'Please enter your email address.' },
  { type: 'email' as const, message: 'Please enter a valid email address.' },
];

/** /auth: sign in or sign up, then back to where the visitor was going (or home). */
export default function AuthPage() {
  const status = useAppSelector(selectSessionStatus);
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const mode = searchParams.get('mode') === 'sign-up' ? 'sign-up' : 'sign-in';

  if (status === 'loading') return <PageLoader label="Checking your session…" />;
  if (status === 'signedIn') return <Navigate to={returnPathFrom(location)} replace />;

  const switchTo = (next: 'sign-in' | 'sign-up') =>
    setSearchParams(
      (params) => {
        params.set('mode', next);
        return params;
      },
      { replace: true, state: location.state },
    );

  return (
    <div className="page auth-page">
      <DocumentTitle title={mode === 'sign-up' ? 'Create your account' : 'Sign in'} />
      <section className="panel auth-panel" aria-labelledby="auth-title">
        <h1 id="auth-title" className="panel-title">
          {mode === 'sign-up' ? `Create your ${webConfig.productName} account` : 'Welcome back'}
        </h1>
        <p className="muted">
          {mode === 'sign-up'
            ? 'Start a shared pot with your friends in a minute.'
            : `Sign in to your ${webConfig.productName} account.`}
        </p>
        {mode === 'sign-up' ? <SignUpForm /> : <SignInForm />}
        <p className="auth-switch">
          {mode === 'sign-up' ? 'Already have an account?' : "Don't have an account?"}{' '}
          <Button type="link" onClick={() => switchTo(mode === 'sign-up' ? 'sign-in' : 'sign-up')}>
            {mode === 'sign-up' ? 'Sign In' : 'Sign Up'}
          </Button>
        </p>
      </section>
    </div>
  );
}

function SignInForm() {
  const dispatch = useAppDispatch();
  const toast = useToast();
  const [signIn, { isLoading }] = useSignInMutation();

  const onFinish = async ({ email, password }: SignInRequest) => {
    try {
      const session = await signIn({ email: email.trim(), password }).unwrap();
      dispatch(sessionEstablished(session));
      announceSession({ type: 'signed-in', userId: session.user.id });
      toast.success('Welcome back!');
    } catch (error) {
      toast.error('Sign in failed', problemDetail(error) ?? FALLBACK_FAILURE);
    }
  };

  return (
    <Form<SignInRequest>
      name="sign-in"
      layout="vertical"
      requiredMark={false}
      onFinish={onFinish}
      disabled={isLoading}
    >
      <Form.Item label="Email" name="email" rules={emailRules}>
        <Input type="email" autoComplete="email" inputMode="email" />
      </Form.Item>
      <Form.Item
        label="Password"
        name="password"
        rules={[{ required: true, message: 'Please enter your password.' }]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <p className="auth-forgot">
        <Link to="/forgot-password">Forgot password?</Link>
      </p>
      <Button type="primary" htmlType="submit" loading={isLoading} block size="large">
        Sign In
      </Button>
    </Form>
  );
}

const SIGN_UP_FIELDS = ['fullName', 'email', 'password'] as const satisfies (keyof SignUpRequest)[];

function SignUpForm() {
  const [form] = Form.useForm<SignUpRequest>();
  const toast = useToast();
  const [signUp, { isLoading }] = useSignUpMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const location = useLocation();

  const onFinish = async ({ fullName, email, password }: SignUpRequest) => {
    try {
      const accepted = await signUp({ fullName: fullName.trim(), email: email.trim(), password }).unwrap();
      rememberReturnAfterEmailConfirmed(returnPathFrom(location));
      setSentTo(accepted.email);
    } catch (error) {
      form.setFields(serverFieldErrors(error, SIGN_UP_FIELDS));
      toast.error('Sign up failed', problemDetail(error) ?? FALLBACK_FAILURE);
    }
  };

  const onFinishFailed: FormProps<SignUpRequest>['onFinishFailed'] = ({ errorFields }) => {
    if (errorFields.some(({ name }) => name[0] === 'fullName')) {
      toast.error('Name required', 'Please enter your full name.');
    }
  };

  if (sentTo) {
    return (
      <div className="check-inbox" role="status">
        <MailOutlined className="result-icon" aria-hidden />
        <h2>Check your inbox</h2>
        <p>
          We sent a link to <strong>{sentTo}</strong>. Follow it to confirm your address and start using{' '}
          {webConfig.productName}. It expires in 24 hours.
        </p>
      </div>
    );
  }

  return (
    <Form<SignUpRequest>
      form={form}
      name="sign-up"
      layout="vertical"
      requiredMark={false}
      onFinish={onFinish}
      onFinishFailed={onFinishFailed}
      disabled={isLoading}
    >
      <Form.Item
        label="Full name"
        name="fullName"
        rules={[{ required: true, whitespace: true, message: 'Please enter your full name.' }]}
      >
        <Input autoComplete="name" />
      </Form.Item>
      <Form.Item label="Email" name="email" rules={emailRules}>
        <Input type="email" autoComplete="email" inputMode="email" />
      </Form.Item>
      <Form.Item
        label="Password"
        name="password"
        extra={`At least ${MIN_PASSWORD_LENGTH} characters, hard to guess and not containing your e-mail.`}
        rules={[
          { required: true, message: 'Please choose a password.' },
          {
            min: MIN_PASSWORD_LENGTH,
            message: `Password must be at least ${MIN_PASSWORD_LENGTH} characters.`,
          },
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={isLoading} block size="large">
        Create Account
      </Button>
    </Form>
  );
}
