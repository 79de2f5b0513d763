import { useAppSelector } from '../../app/store';
import { selectSessionStatus } from '../../session/session-slice';
import { DocumentTitle } from '../../ui/document-title';
import { PageLoader } from '../../ui/page-loader';
import { HomePage } from './home-page';
import { LandingPage } from './landing-page';

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
