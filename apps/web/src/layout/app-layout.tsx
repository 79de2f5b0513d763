import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';

import { useAppSelector } from '../app/store';
import { selectCurrentUser } from '../session/session-slice';
import { PageLoader } from '../ui/page-loader';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';

// Only users who have not confirmed their address see it.
const VerifyEmailBanner = lazy(() => import('./verify-email-banner'));

export function AppLayout() {
  const { pathname } = useLocation();
  const user = useAppSelector(selectCurrentUser);
  useEffect(() => {
    window.scrollTo(0, 0); // returns a Promise in recent Chromium: must not become the effect's cleanup
  }, [pathname]);

  return (
    <div className="app-shell">
      <AppHeader />
      <main className="app-main">
        {/* One boundary for the banner and the page: they appear together, so the banner never pushes the page down. */}
        <Suspense fallback={<PageLoader />}>
          {user && !user.emailVerified && <VerifyEmailBanner />}
          <Outlet />
        </Suspense>
      </main>
      <AppFooter />
    </div>
  );
}
