import '../../pots/pots.css';

import { CloseCircleOutlined, TeamOutlined } from '@ant-design/icons';
import type { InvitationPreview } from '@kitty/api-client';
import {
  httpStatusOf,
  problemDetail,
  useAcceptInvitationMutation,
  usePreviewInvitationQuery,
} from '@kitty/api-client';
import { Button } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';

import { useAppSelector } from '../../app/store';
import { formatDate } from '../../pots/format';
import { authPathFor } from '../../session/return-path';
import { selectSessionStatus } from '../../session/session-slice';
import { ButtonLink } from '../../ui/button-link';
import { DocumentTitle } from '../../ui/document-title';
import { PageLoader } from '../../ui/page-loader';
import { toastProblem } from '../../ui/problem-toast';
import { useToast } from '../../ui/toast';

// The same reasons the server gives when such a link is used (HTTP 410).
const UNAVAILABLE: Record<
  Exclude<InvitationPreview['status'], 'pending'>,
  { title: string; reason: string }
> = {
  accepted: {
    title: 'This invitation has already been used',
    reason: 'This invitation has already been used.',
  },
  expired: {
    title: 'This invitation has expired',
    reason: 'This invitation has expired. Ask whoever sent it for a new one.',
  },
  revoked: {
    title: 'This invitation was cancelled',
    reason: 'This invitation was cancelled by whoever sent it or the pot owner.',
  },
};

/** /invite/:token: who invited you to which pot; join it (signing in first if needed). */
export default function InvitePage() {
  const { token = '' } = useParams();
  const status = useAppSelector(selectSessionStatus);
  const navigate = useNavigate();
  const toast = useToast();
  const preview = usePreviewInvitationQuery(token, { skip: !token });
  const [accept, accepting] = useAcceptInvitationMutation();
  const [gone, setGone] = useState<string | null>(null);

  if (status === 'loading' || preview.isLoading) return <PageLoader label="Checking your invitation…" />;

  const previewStatus = httpStatusOf(preview.error);
  if (!token || previewStatus === 404 || previewStatus === 400) {
    return (
      <Unavailable
        title="This invitation link is not valid"
        reason={problemDetail(preview.error) ?? 'Check that you copied the whole link, or ask for a new one.'}
      />
    );
  }
  if (preview.isError || !preview.data) {
    return (
      <div className="page result-page">
        <DocumentTitle title="Pot invitation" />
        <h1>Something went wrong</h1>
        <p>We could not check this invitation. Please try again later.</p>
        <Button onClick={() => preview.refetch()}>Try again</Button>
      </div>
    );
  }

  const invitation = preview.data;
  if (gone) return <Unavailable title="This invitation can no longer be used" reason={gone} />;
  if (invitation.status !== 'pending') {
    const { title, reason } = UNAVAILABLE[invitation.status];
    return <Unavailable title={title} reason={reason} />;
  }

  const join = async () => {
    try {
      const { potId } = await accept(token).unwrap();
      toast.success('Success!', `You joined ${invitation.potName}.`);
      navigate(`/pot/${potId}`, { replace: true });
    } catch (error) {
      if (httpStatusOf(error) === 410)
        setGone(problemDetail(error) ?? 'This invitation has already been used.');
      else toastProblem(toast, error);
    }
  };

  const here = `/invite/${token}`;
  const signIn = authPathFor(here);
  const signUp = `${signIn}${signIn.includes('?') ? '&' : '?'}mode=sign-up`;

  return (
    <div className="page result-page invite-page">
      <DocumentTitle title={`Join ${invitation.potName}`} />
      <TeamOutlined className="result-icon result-icon-success" aria-hidden />
      <h1>
        {invitation.inviterName} invited you to join {invitation.potName}
      </h1>
      <p>
        Hi {invitation.inviteeName}, join the pot to share its costs and see who owes whom. This invitation
        works once and expires on {formatDate(invitation.expiresAt)}.
      </p>
      {status === 'signedIn' ? (
        <div className="result-actions">
          <Button type="primary" size="large" loading={accepting.isLoading} onClick={join}>
            Join pot
          </Button>
        </div>
      ) : (
        <div className="result-actions">
          <ButtonLink to={signIn} type="primary" size="large">
            Sign in to join
          </ButtonLink>
          <ButtonLink to={signUp} size="large">
            Create an account
          </ButtonLink>
        </div>
      )}
    </div>
  );
}

function Unavailable({ title, reason }: { title: string; reason: string }) {
  return (
    <div className="page result-page">
      <DocumentTitle title="Pot invitation" />
      <CloseCircleOutlined className="result-icon result-icon-warning" aria-hidden />
      <h1>{title}</h1>
      <p>{reason}</p>
      <ButtonLink to="/" type="primary">
        Go back home
      </ButtonLink>
    </div>
  );
}
