import { useLogClientEventMutation } from '@kitty/api-client';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

import { DocumentTitle } from '../../ui/document-title';
import { PlainButtonLink } from '../../ui/plain-button';

/** Any unknown route: says so, and logs the path (console and POST /api/client-events). */
export default function NotFoundPage() {
  const { pathname } = useLocation();
  const [logClientEvent] = useLogClientEventMutation();
  const loggedPath = useRef<string | null>(null);

  useEffect(() => {
    if (loggedPath.current === pathname) return; // StrictMode runs effects twice in development
    loggedPath.current = pathname;
    console.warn(`Route not found: ${pathname}`);
    // Best effort: the mutation settles with an error result rather than throwing, and the visitor sees no change.
    void logClientEvent({ type: 'route-not-found', path: pathname });
  }, [pathname, logClientEvent]);

  return (
    <div className="page not-found">
      <DocumentTitle title="Page not found" />
      <h1>
        <span className="not-found-code">404</span> Oops! Page not found
      </h1>
      <p className="muted">The page you are looking for does not exist or has moved.</p>
      <PlainButtonLink to="/" variant="primary">
        Go back home
      </PlainButtonLink>
    </div>
  );
}
