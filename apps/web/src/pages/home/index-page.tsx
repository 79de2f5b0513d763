import { useAppSelector } from '../../app/store';
import { selectSessionStatus } from '../../session/session-slice';
import { DocumentTitle } from '../../ui/document-title';
import { lazyWithAntd } from '../../ui/lazy-with-antd';
import { PageLoader } from '../../ui/page-loader';
import { LandingPage } from './landing-page';

// Visitors never download Home (pots grid, avatars, skeletons): it is its own chunk.
const HomePage = lazyWithAntd(() => import('./home-page'));

/** `/`: the landing page for visitors, Home for signed-in users. */
export default function IndexPage() {
  const status = useAppSelector(selectSessionStatus);
  if (status === 'loading') return <PageLoader />;
  return (
    <>
      <DocumentTitle title={status === 'signedIn' ? 'Home' : undefined} />
      {status === 'signedIn' ? <HomePage /> : <LandingPage />}
    </>
  );
}
