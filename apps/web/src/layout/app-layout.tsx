import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';

import { PageLoader } from '../ui/page-loader';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { VerifyEmailBanner } from './verify-email-banner';

export function AppLayout() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0); // returns a Promise in recent Chromium: must not become the effect's cleanup
  }, [pathname]);

  return (
    <div className="app-shell">
      <AppHeader />
      <main className="app-main">
        <VerifyEmailBanner />
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
      <AppFooter />
    </div>
  );
}
