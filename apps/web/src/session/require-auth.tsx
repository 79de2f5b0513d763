import { Navigate, Outlet, useLocation } from 'react-router-dom';

import { useAppSelector } from '../app/store';
import { PageLoader } from '../ui/page-loader';
import { PlainButtonLink } from '../ui/plain-button';
import { authPathFor } from './return-path';
import { selectRestoreDelayed, selectSessionStatus, selectSignedOutByUser } from './session-slice';

/** Route guard: signed-out visitors go to /auth, which brings them back here once they have signed in. */
export function RequireAuth() {
  const status = useAppSelector(selectSessionStatus);
  const signedOutByUser = useAppSelector(selectSignedOutByUser);
  const restoreDelayed = useAppSelector(selectRestoreDelayed);
  const location = useLocation();
  const from = `${location.pathname}${location.search}${location.hash}`;

  if (restoreDelayed) {
    // The check is retried quietly: this page opens by itself once it answers.
    return (
      <div className="page">
        <section className="panel" aria-labelledby="session-delayed-title">
          <h1 id="session-delayed-title" className="panel-title">
            Still checking your session
          </h1>
          <p className="muted" role="status">
            Kitty is busy for a moment. We will try again shortly and open this page once you are signed in.
          </p>
          <PlainButtonLink to={authPathFor(from)} variant="primary">
            Sign In
          </PlainButtonLink>
        </section>
      </div>
    );
  }
  if (status === 'loading') return <PageLoader label="Checking your session…" />;
  if (status === 'signedOut') {
    // Someone who just chose Sign Out here goes home rather than being asked to sign in again.
    if (signedOutByUser) return <Navigate to="/" replace />;
    return <Navigate to={authPathFor(from)} state={{ from }} replace />;
  }
  return <Outlet />;
}
