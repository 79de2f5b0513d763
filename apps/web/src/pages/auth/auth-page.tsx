import type { SignUpRequest } from '@kitty/api-client';
import { problemDetail, useSignInMutation, useSignUpMutation } from '@kitty/api-client';
import { PASSWORD_MIN_LENGTH } from '@kitty/contracts';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router-dom';

import { useAppDispatch, useAppSelector } from '../../app/store';
import { webConfig } from '../../config';
import { rememberReturnAfterEmailConfirmed, returnPathFrom } from '../../session/return-path';
import { announceSession } from '../../session/session-broadcast';
import { selectRestoreDelayed, selectSessionStatus, sessionEstablished } from '../../session/session-slice';
import { DocumentTitle } from '../../ui/document-title';
import type { FieldRule } from '../../ui/field-rules';
import { emailAddress, minLength, notBlank, required } from '../../ui/field-rules';
import { MailIcon } from '../../ui/inline-icons';
import { PageLoader } from '../../ui/page-loader';
import { PlainButton } from '../../ui/plain-button';
import { PasswordField, TextField } from '../../ui/plain-field';
import { serverFieldErrors } from '../../ui/server-field-errors';
import { useToast } from '../../ui/toast';
import { useFormFields } from '../../ui/use-form-fields';

const FALLBACK_FAILURE = 'Something went wrong: Please try again later.';

const emailRules: FieldRule[] = [
  required('Please enter your email address.'),
  emailAddress('Please enter a valid email address.'),
];

const signInRules = { email: emailRules, password: [required('Please enter your password.')] };

const signUpRules = {
  fullName: [notBlank('Please enter your full name.')],
  email: emailRules,
  password: [
    required('Please choose a password.'),
    minLength(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`),
  ],
} satisfies Record<keyof SignUpRequest, FieldRule[]>;

/**
 * /auth: sign in or sign up, then back to where the visitor was going (or home). Often a visitor's first
 * page, so its forms are plain HTML in antd's look (ui/plain-field) rather than antd's Form.
 */
export default function AuthPage() {
  const status = useAppSelector(selectSessionStatus);
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const mode = searchParams.get('mode') === 'sign-up' ? 'sign-up' : 'sign-in';

  // A session check waiting out a rate limit leaves the form usable: signing in settles it too.
  const restoreDelayed = useAppSelector(selectRestoreDelayed);
  if (status === 'loading' && !restoreDelayed) return <PageLoader label="Checking your session…" />;
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
          <PlainButton variant="link" onClick={() => switchTo(mode === 'sign-up' ? 'sign-in' : 'sign-up')}>
            {mode === 'sign-up' ? 'Sign In' : 'Sign Up'}
          </PlainButton>
        </p>
      </section>
    </div>
  );
}

/** The address the confirmation link just proved (verify-email page), to sign in with. */
function confirmedEmailFrom(state: unknown): string | undefined {
  const email = typeof state === 'object' && state !== null && 'email' in state ? state.email : undefined;
  return typeof email === 'string' ? email : undefined;
}

function SignInForm() {
  const dispatch = useAppDispatch();
  const toast = useToast();
  const [signIn, { isLoading }] = useSignInMutation();
  const location = useLocation();
  const form = useFormFields('sign-in', signInRules, { email: confirmedEmailFrom(location.state) });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading || form.validate().length > 0) return;
    const { email, password } = form.values;
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
    <form name="sign-in" className="plain-form" noValidate onSubmit={onSubmit}>
      <TextField
        field={form.field('email')}
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        aria-required
        disabled={isLoading}
      />
      <PasswordField
        field={form.field('password')}
        label="Password"
        autoComplete="current-password"
        aria-required
        disabled={isLoading}
      />
      <p className="auth-forgot">
        <Link to="/forgot-password">Forgot password?</Link>
      </p>
      <PlainButton type="submit" variant="primary" size="large" block loading={isLoading}>
        Sign In
      </PlainButton>
    </form>
  );
}

const SIGN_UP_FIELDS = ['fullName', 'email', 'password'] as const satisfies (keyof SignUpRequest)[];

function SignUpForm() {
  const toast = useToast();
  const [signUp, { isLoading }] = useSignUpMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const location = useLocation();
  const form = useFormFields('sign-up', signUpRules);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    const broken = form.validate();
    if (broken.includes('fullName')) toast.error('Name required', 'Please enter your full name.');
    if (broken.length > 0) return;
    const { fullName, email, password } = form.values;
    try {
      const accepted = await signUp({ fullName: fullName.trim(), email: email.trim(), password }).unwrap();
      rememberReturnAfterEmailConfirmed(returnPathFrom(location));
      setSentTo(accepted.email);
    } catch (error) {
      form.showErrors(
        Object.fromEntries(
          serverFieldErrors(error, SIGN_UP_FIELDS).map(({ name, errors }) => [name, errors[0]]),
        ),
      );
      toast.error('Sign up failed', problemDetail(error) ?? FALLBACK_FAILURE);
    }
  };

  if (sentTo) {
    return (
      <div className="check-inbox" role="status">
        <MailIcon className="result-icon" />
        <h2>Check your inbox</h2>
        <p>
          We sent a link to <strong>{sentTo}</strong>. Follow it to confirm your address and start using{' '}
          {webConfig.productName}. It expires in 24 hours.
        </p>
      </div>
    );
  }

  return (
    <form name="sign-up" className="plain-form" noValidate onSubmit={onSubmit}>
      <TextField
        field={form.field('fullName')}
        label="Full name"
        autoComplete="name"
        aria-required
        disabled={isLoading}
      />
      <TextField
        field={form.field('email')}
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        aria-required
        disabled={isLoading}
      />
      <PasswordField
        field={form.field('password')}
        label="Password"
        extra={`At least ${PASSWORD_MIN_LENGTH} characters, hard to guess and not containing your e-mail.`}
        autoComplete="new-password"
        aria-required
        disabled={isLoading}
      />
      <PlainButton type="submit" variant="primary" size="large" block loading={isLoading}>
        Create Account
      </PlainButton>
    </form>
  );
}
