import { webConfig } from '../../config';
import { LEGAL_TEXT_UPDATED } from './legal';
import { StaticPage } from './static-page';

export default function CookiesPage() {
  const { productName } = webConfig;
  return (
    <StaticPage
      title="Cookie Policy"
      lead={`${productName} uses only the cookies it needs to keep you signed in securely. No advertising or tracking cookies.`}
      updated={LEGAL_TEXT_UPDATED}
    >
      <section>
        <h2>Cookies we set</h2>
        <table className="pricing-table">
          <thead>
            <tr>
              <th scope="col">Cookie</th>
              <th scope="col">Purpose</th>
              <th scope="col">Duration</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>Session refresh cookie</td>
              <td>
                Keeps you signed in between visits. It is HttpOnly (scripts cannot read it), sent only over
                HTTPS to our sign-in service, and never shared with third parties.
              </td>
              <td>Until you sign out or your session expires</td>
            </tr>
          </tbody>
        </table>
        <p>
          This cookie is strictly necessary for the service you ask for, so it does not need your consent.
          Your short-lived access token is held in the page's memory only, never in a cookie or local storage.
        </p>
      </section>
      <section>
        <h2>Payment pages</h2>
        <p>
          When you pay by card, Apple Pay or Google Pay you are taken to our payment processor's secure
          checkout page, which sets its own cookies for fraud prevention under its own cookie policy.
        </p>
      </section>
      <section>
        <h2>Managing cookies</h2>
        <p>
          You can delete or block cookies in your browser's settings. If you block the session cookie you will
          need to sign in on every visit.
        </p>
      </section>
    </StaticPage>
  );
}
