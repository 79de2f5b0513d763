import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';

import { useAppSelector } from '../app/store';
import { webConfig } from '../config';
import { selectCurrentUser, selectRestoreDelayed, selectSessionStatus } from '../session/session-slice';
import { useSignOut } from '../session/use-sign-out';
import { PlainButton, PlainButtonLink } from '../ui/plain-button';

const SignedInActions = lazy(() => import('./signed-in-actions'));

/**
 * While the page load's session check waits out a rate limit, nobody knows yet whether the visitor is
 * signed in: both ways out are offered (Sign Out also ends a session the check would have restored).
 */
function UnknownSessionActions() {
  const { signOut, signingOut } = useSignOut();
  return (
    <>
      <PlainButtonLink to="/auth" variant="text">
        Sign In
      </PlainButtonLink>
      <PlainButton onClick={() => void signOut()} loading={signingOut}>
        Sign Out
      </PlainButton>
    </>
  );
}

export function AppHeader() {
  const status = useAppSelector(selectSessionStatus);
  const user = useAppSelector(selectCurrentUser);
  const restoreDelayed = useAppSelector(selectRestoreDelayed);

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
          // The actions sit at the end of a right-aligned row: arriving a moment later, they shift nothing.
          <Suspense fallback={null}>
            <SignedInActions user={user} />
          </Suspense>
        )}
        {restoreDelayed && <UnknownSessionActions />}
        {status === 'signedOut' && (
          <>
            <PlainButtonLink to="/auth" variant="text">
              Sign In
            </PlainButtonLink>
            <PlainButtonLink to="/auth?mode=sign-up" variant="primary">
              Get Started
            </PlainButtonLink>
          </>
        )}
      </nav>
    </header>
  );
}
