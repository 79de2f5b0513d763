import { Link } from 'react-router-dom';

import { webConfig } from '../../config';
import { LEGAL_TEXT_UPDATED } from './legal';
import { StaticPage } from './static-page';

export default function PrivacyPage() {
  const { productName, supportEmail } = webConfig;
  return (
    <StaticPage
      title="Privacy Policy"
      lead={`How ${productName} collects, uses and protects your personal data, and the choices you have.`}
      updated={LEGAL_TEXT_UPDATED}
    >
      <section>
        <h2>What we collect</h2>
        <ul>
          <li>
            <strong>Account details</strong>: your name, e-mail address and a securely hashed password.
          </li>
          <li>
            <strong>Verification details</strong> when you open a payment account: name, date of birth, phone
            number and address, shared with our payment partner for identity checks.
          </li>
          <li>
            <strong>Financial records</strong>: pots, top-ups, expenses, withdrawals and card transactions.
          </li>
          <li>
            <strong>Country of residence</strong>, worked out from the IP address you sign in from, to set the
            platform fee that applies to you.
          </li>
          <li>
            <strong>Messages</strong> you send to our support team.
          </li>
        </ul>
      </section>
      <section>
        <h2>How we use it</h2>
        <p>
          To run your account and pots, process payments, issue and operate your card, meet our legal duties
          (such as anti-money-laundering checks), prevent fraud and answer your questions. We never sell your
          data and we do not use it for advertising.
        </p>
      </section>
      <section>
        <h2>Who we share it with</h2>
        <p>
          Only with the partners who make the service work (our payment processor and card issuer, e-mail
          delivery and hosting providers), each bound by contract to protect it, and with authorities when the
          law requires. Members of a pot see each other's names and what they added or spent in that pot.
        </p>
      </section>
      <section>
        <h2>How long we keep it</h2>
        <p>
          Financial records are retained for 7 years, as UK financial regulation requires, even after you
          close your account. Other personal data is deleted or anonymised when it is no longer needed for the
          purposes above.
        </p>
      </section>
      <section>
        <h2>Keeping it safe</h2>
        <p>
          Data is encrypted in transit, passwords are stored only as strong one-way hashes, and we never see
          or store your full card number. Your session is kept in a secure, HttpOnly cookie that scripts on
          the page cannot read.
        </p>
      </section>
      <section>
        <h2>Your rights</h2>
        <p>
          Under UK data protection law you can ask for a copy of your data, have it corrected or deleted
          (subject to the retention duty above), object to or restrict its use, and move it to another
          service. You can download your data and delete your account yourself on your{' '}
          <Link to="/account">account page</Link>, or write to{' '}
          <a href={`mailto:${supportEmail}`}>{supportEmail}</a>. You can also complain to the Information
          Commissioner's Office (ICO).
        </p>
        <p>
          For the cookies we use, see our <Link to="/cookies">Cookie Policy</Link>.
        </p>
      </section>
    </StaticPage>
  );
}
