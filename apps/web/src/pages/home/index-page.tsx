import { kittyApi } from '@kitty/api-client';
import { lazy, Suspense, useEffect } from 'react';

import { useAppDispatch, useAppSelector } from '../../app/store';
import { selectRestoreDelayed, selectSessionStatus } from '../../session/session-slice';
import { DocumentTitle } from '../../ui/document-title';
import { PageLoader } from '../../ui/page-loader';
import { LandingPage } from './landing-page';

// Visitors never download Home (pots grid, avatars, skeletons): it is its own chunk. It renders no antd:
// only its dialogs load it.
const HomePage = lazy(() => import('./home-page'));

/**
 * Home's reads, started as soon as the user is known to be signed in rather than once Home's code has
 * arrived and run (on a slow phone link, over a second later). Home's queries find them in
 * flight or done; a read Home did not make again would only expire from the cache.
 */
function usePrefetchHomeReads(signedIn: boolean) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!signedIn) return;
    const { prefetch } = kittyApi.util;
    dispatch(prefetch('listPots', undefined, {}));
    dispatch(prefetch('getActivePot', undefined, {}));
    dispatch(prefetch('getWallet', undefined, {}));
    dispatch(prefetch('getCurrentCard', undefined, {}));
    dispatch(prefetch('listArchivedPots', undefined, {}));
  }, [dispatch, signedIn]);
}

/** `/`: the landing page for visitors, Home for signed-in users. */
export default function IndexPage() {
  const status = useAppSelector(selectSessionStatus);
  // A session check waiting out a rate limit: the visitor's page meanwhile, Home once it answers.
  const restoreDelayed = useAppSelector(selectRestoreDelayed);
  usePrefetchHomeReads(status === 'signedIn');
  if (status === 'loading' && !restoreDelayed) return <PageLoader />;
  return (
    <>
      <DocumentTitle title={status === 'signedIn' ? 'Home' : undefined} />
      {status === 'signedIn' ? (
        // Its own boundary: this page commits (and starts Home's reads) while Home's code still loads.
        <Suspense fallback={<PageLoader />}>
          <HomePage />
        </Suspense>
      ) : (
        <LandingPage />
      )}
    </>
  );
}
