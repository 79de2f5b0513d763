import { CloseCircleOutlined, MailOutlined } from '@ant-design/icons';
import { httpStatusOf, problemDetail, useVerifyEmailMutation } from '@kitty/api-client';
import { Button } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { useNavigate } from 'react-router-dom';

import { useAppDispatch } from '../../app/store';
import { takeReturnAfterEmailConfirmed } from '../../session/return-path';
import { announceSession } from '../../session/session-broadcast';
import { sessionEstablished } from '../../session/session-slice';
import { ButtonLink } from '../../ui/button-link';
import { DocumentTitle } from '../../ui/document-title';
import { toastProblem } from '../../ui/problem-toast';
import { useToast } from '../../ui/toast';

const INVALID = 'Check that you opened the whole link from the e-mail.';

/**
 * /verify-email?token=…: the link e-mailed at sign-up. It asks for a click first: mail scanners open
 * links, and opening one must not use the single-use link. Confirming signs the user in.
 */
export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const toast = useToast();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [verifyEmail, result] = useVerifyEmailMutation();

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
      const session = await verifyEmail({ token }).unwrap();
      dispatch(sessionEstablished(session));
      announceSession({ type: 'signed-in', userId: session.user.id });
      toast.success('E-mail confirmed', 'Your account is ready: add funds and invite your friends.');
      navigate(takeReturnAfterEmailConfirmed(), { replace: true });
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
        <Button type="primary" size="large" loading={result.isLoading} onClick={confirm}>
          Confirm E-mail
        </Button>
      </div>
    </div>
  );
}
