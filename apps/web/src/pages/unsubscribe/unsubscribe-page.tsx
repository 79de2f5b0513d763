import { CheckCircleOutlined, CloseCircleOutlined, MailOutlined } from '@ant-design/icons';
import { httpStatusOf, problemDetail, useUnsubscribeMutation } from '@kitty/api-client';
import { Button } from 'antd';
import { useSearchParams } from 'react-router-dom';

import { ButtonLink } from '../../ui/button-link';
import { DocumentTitle } from '../../ui/document-title';
import { toastProblem } from '../../ui/problem-toast';
import { useToast } from '../../ui/toast';

const INVALID = 'Check that you opened the whole link from the e-mail.';

/**
 * /unsubscribe?token=…: the visible opt-out link of every e-mail Kitty sends but a security notice
 * (invitations, reminders, top-up requests, notifications). It asks first: mail scanners open links, and opening one must not unsubscribe anyone.
 */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const toast = useToast();
  const [unsubscribe, result] = useUnsubscribeMutation();

  if (!token || httpStatusOf(result.error) === 400) {
    return (
      <div className="page result-page">
        <DocumentTitle title="Unsubscribe" />
        <CloseCircleOutlined className="result-icon result-icon-warning" aria-hidden />
        <h1>This unsubscribe link is not valid</h1>
        <p>{(token && problemDetail(result.error)) || INVALID}</p>
        <ButtonLink to="/" type="primary">
          Go back home
        </ButtonLink>
      </div>
    );
  }

  if (result.data) {
    return (
      <div className="page result-page">
        <DocumentTitle title="Unsubscribed" />
        <CheckCircleOutlined className="result-icon result-icon-success" aria-hidden />
        <h1>You are unsubscribed</h1>
        <p>{result.data.message}</p>
      </div>
    );
  }

  const confirm = async () => {
    try {
      await unsubscribe(token).unwrap();
    } catch (error) {
      if (httpStatusOf(error) !== 400) toastProblem(toast, error);
    }
  };

  return (
    <div className="page result-page">
      <DocumentTitle title="Unsubscribe" />
      <MailOutlined className="result-icon" aria-hidden />
      <h1>Unsubscribe from Kitty e-mails?</h1>
      <p>
        Kitty will stop sending invitations, reminders, top-up requests and notifications to this address.
        Notices about an account&apos;s security (password, sign-in, address confirmation) still arrive.
      </p>
      <div className="result-actions">
        <Button type="primary" size="large" loading={result.isLoading} onClick={confirm}>
          Unsubscribe
        </Button>
      </div>
    </div>
  );
}
