import { Navigate, Outlet, useLocation } from 'react-router-dom';

import { useAppSelector } from '../app/store';
import { PageLoader } from '../ui/page-loader';
import { authPathFor } from './return-path';
import { selectSessionStatus, selectSignedOutByUser } from './session-slice';

/** Route guard: signed-out visitors go to /auth, which brings them back here once they have signed in. */
export function RequireAuth() {
  const status = useAppSelector(selectSessionStatus);
  const signedOutByUser = useAppSelector(selectSignedOutByUser);
  const location = useLocation();

  if (status === 'loading') return <PageLoader label="Checking your session…" />;
  if (status === 'signedOut') {
    // Someone who just chose Sign Out here goes home rather than being asked to sign in again.
    if (signedOutByUser) return <Navigate to="/" replace />;
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={authPathFor(from)} state={{ from }} replace />;
  }
  return <Outlet />;
}
