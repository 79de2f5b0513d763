import { problemDetail, useSignOutMutation } from '@kitty/api-client';
import { Button } from 'antd';
import { Link, useNavigate } from 'react-router-dom';

import { useAppDispatch, useAppSelector } from '../app/store';
import { webConfig } from '../config';
import { NotificationBell } from '../notifications/notification-bell';
import { announceSession } from '../session/session-broadcast';
import { displayName, endSession, selectCurrentUser, selectSessionStatus } from '../session/session-slice';
import { ButtonLink } from '../ui/button-link';
import { useToast } from '../ui/toast';
import { ResidencyBadge } from './residency-badge';

export function AppHeader() {
  const status = useAppSelector(selectSessionStatus);
  const user = useAppSelector(selectCurrentUser);
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
    <header className="app-header">
      {/* Named by its visible text (the mark is decoration): a label that differs from it trips up voice control. */}
      <Link to="/" className="brand">
        <span className="brand-mark" aria-hidden="true">
          K
        </span>
        {webConfig.productName}
      </Link>
      <nav className="header-actions" aria-label="Account">
        {status === 'signedIn' && user && (
          <>
            <span className="welcome" title={displayName(user)}>
              Welcome, {displayName(user)}
            </span>
            <ResidencyBadge residency={user.residency} />
            <NotificationBell />
            <Button onClick={handleSignOut} loading={signingOut}>
              Sign Out
            </Button>
          </>
        )}
        {status === 'signedOut' && (
          <>
            <ButtonLink to="/auth" type="text">
              Sign In
            </ButtonLink>
            <ButtonLink to="/auth?mode=sign-up" type="primary">
              Get Started
            </ButtonLink>
          </>
        )}
      </nav>
    </header>
  );
}
