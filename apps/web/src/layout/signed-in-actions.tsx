import type { Me } from '@kitty/api-client';
import { problemDetail, useSignOutMutation } from '@kitty/api-client';
import { useNavigate } from 'react-router-dom';

import { useAppDispatch } from '../app/store';
import { NotificationBell } from '../notifications/notification-bell';
import { announceSession } from '../session/session-broadcast';
import { displayName, endSession } from '../session/session-slice';
import { PlainButton } from '../ui/plain-button';
import { useToast } from '../ui/toast';
import { ResidencyBadge } from './residency-badge';

/** The header's actions for a signed-in user: a chunk of their own (tag, badge, bell) visitors never load. */
export default function SignedInActions({ user }: { user: Me }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const toast = useToast();
  const [signOut, { isLoading: signingOut }] = useSignOutMutation();

  const handleSignOut = async () => {
    try {
      await signOut().unwrap();
    } catch (error) {
      // The server still holds the session: say so rather than pretend the user is signed out.
      toast.error('Sign out failed', problemDetail(error) ?? 'Something went wrong: Please try again later.');
      return;
    }
    navigate('/');
    endSession(dispatch, { byUser: true });
    announceSession({ type: 'signed-out' });
  };

  return (
    <>
      <span className="welcome" title={displayName(user)}>
        Welcome, {displayName(user)}
      </span>
      <ResidencyBadge residency={user.residency} />
      <NotificationBell />
      <PlainButton onClick={() => void handleSignOut()} loading={signingOut}>
        Sign Out
      </PlainButton>
    </>
  );
}
