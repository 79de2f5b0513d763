import { CloseCircleOutlined, MailOutlined } from '@ant-design/icons';
import { httpStatusOf, problemDetail, useLazyGetMeQuery, useVerifyEmailMutation } from '@kitty/api-client';
import { Button } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { useNavigate } from 'react-router-dom';

import { useAppSelector } from '../../app/store';
import { authPathFor, takeReturnAfterEmailConfirmed } from '../../session/return-path';
import { selectSessionStatus } from '../../session/session-slice';
import { ButtonLink } from '../../ui/button-link';
import { DocumentTitle } from '../../ui/document-title';
import { toastProblem } from '../../ui/problem-toast';
import { useToast } from '../../ui/toast';

const INVALID = 'Check that you opened the whole link from the e-mail.';

/**
 * /verify-email?token=…: the link e-mailed at sign-up. It asks for a click first: mail scanners open
 * links, and opening one must not use the single-use link. Confirming proves the address but does not
 * sign in (a link is no password): a session already open in this browser carries on, now confirmed;
 * otherwise the sign-in form follows, with the address filled in, and then where the visitor was going.
 */
export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const toast = useToast();
  const navigate = useNavigate();
  const sessionStatus = useAppSelector(selectSessionStatus);
  const [verifyEmail, result] = useVerifyEmailMutation();
  const [reloadMe] = useLazyGetMeQuery();

  if (!token || httpStatusOf(result.error) === 400) {
    return (
      <div className="page result-page">
        <DocumentTitle title="Confirm your e-mail" />
        <CloseCircleOutlined className="result-icon result-icon-warning" aria-hidden />
        <h1>This link is no longer valid</h1>
        <p>{(token && problemDetail(result.error)) || INVALID}</p>
        <ButtonLink to="/auth" type="primary">
          Sign in
        </ButtonLink>
      </div>
    );
  }

  const confirm = async () => {
    try {
      const { email } = await verifyEmail({ token }).unwrap();
      const returnTo = takeReturnAfterEmailConfirmed();
      if (sessionStatus === 'signedIn') {
        // The banner and the confirmed-only actions read the user again.
        void reloadMe();
        toast.success('E-mail confirmed', 'Your account is ready: add funds and invite your friends.');
        navigate(returnTo, { replace: true });
      } else {
        toast.success('E-mail confirmed', 'Sign in to start using your account.');
        navigate(authPathFor(returnTo), { replace: true, state: { email } });
      }
    } catch (error) {
      if (httpStatusOf(error) !== 400) toastProblem(toast, error);
    }
  };

  return (
    <div className="page result-page">
      <DocumentTitle title="Confirm your e-mail" />
      <MailOutlined className="result-icon" aria-hidden />
      <h1>Confirm your e-mail address</h1>
      <p>One click and your Kitty account is ready to add funds, withdraw and invite friends.</p>
      <div className="result-actions">
        {/* Waits for the session check: a session open in this browser carries on rather than signing in. */}
        <Button
          type="primary"
          size="large"
          loading={result.isLoading || sessionStatus === 'loading'}
          onClick={confirm}
        >
          Confirm E-mail
        </Button>
      </div>
    </div>
  );
}
