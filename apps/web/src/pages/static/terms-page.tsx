import { Link } from 'react-router-dom';

import { pricing, webConfig } from '../../config';
import { LEGAL_TEXT_UPDATED } from './legal';
import { StaticPage } from './static-page';

export default function TermsPage() {
  const { productName, supportEmail } = webConfig;
  return (
    <StaticPage
      title="Terms of Service"
      lead={`These terms govern your use of ${productName}. Please read them before you create an account.`}
      updated={LEGAL_TEXT_UPDATED}
    >
      <section>
        <h2>1. Who we are</h2>
        <p>
          {productName} provides shared group pots, expense splitting, top-ups in pounds sterling and a
          virtual card through regulated payment and card-issuing partners. By creating an account you agree
          to these terms and to our <Link to="/privacy">Privacy Policy</Link>.
        </p>
      </section>
      <section>
        <h2>2. Your account</h2>
        <ul>
          <li>You must be 18 or over to open a payment account or hold a card.</li>
          <li>Keep your password private. You are responsible for activity on your account.</li>
          <li>
            We verify the identity of payment account holders (know your customer checks) as the law requires,
            and may ask for more information before money can move.
          </li>
        </ul>
      </section>
      <section>
        <h2>3. Pots and members</h2>
        <p>
          The person who creates a pot owns it. The owner can invite and remove members, archive the pot and
          withdraw from it. Every member can add funds, record expenses and see the pot's balance and history.
          Invitation links can be used once and expire after 7 days.
        </p>
      </section>
      <section>
        <h2>4. Adding funds and fees</h2>
        <p>
          You can add from {pricing.minTopUp} to {pricing.maxTopUp} per payment. A platform fee is charged on
          each payment: {pricing.ukResidentFeePercent}% for UK residents and {pricing.internationalFeePercent}
          % for international users. The fee is added on top of the amount you choose, so the full amount
          reaches your wallet or pot, and it is shown before you confirm the payment.
        </p>
        <p>
          Whether you are a UK resident is decided by the address your identity check accepted: once it is
          verified, a UK address means the UK rate wherever you sign in from. Until then it is decided by the
          country you last signed in from.
        </p>
        <p>
          Card payments incur a processing charge of {pricing.cardProcessingFee}, charged by our card
          processor. {productName} pays this charge out of the platform fee; it is never added to what you
          pay.
        </p>
        <p>
          Funds are credited once our payment processor confirms the payment. Bank transfers usually take 1-2
          business days. Creating an account, pots and virtual cards is free.
        </p>
      </section>
      <section>
        <h2>5. Withdrawals</h2>
        <p>
          You can withdraw up to {pricing.maxWithdrawal} per withdrawal from your wallet, or from a pot you
          own, to the bank account linked to your verified payment account. Withdrawals usually arrive within
          1-3 business days. The amount is reserved at once and returned to your balance if the payout fails.
        </p>
      </section>
      <section>
        <h2>6. Your virtual card</h2>
        <p>
          Your card spends from your active pot. A purchase is approved only if that pot can cover it. Tell us
          at once if you think your card or account has been used without your permission.
        </p>
      </section>
      <section>
        <h2>7. Acceptable use</h2>
        <p>
          Do not use {productName} for anything unlawful, including fraud, money laundering or financing
          terrorism. We may suspend or close accounts that break these terms or the law, and will tell you why
          unless the law prevents us.
        </p>
      </section>
      <section>
        <h2>8. Liability</h2>
        <p>
          We take reasonable care to keep {productName} available and accurate, but cannot guarantee
          uninterrupted service. Nothing in these terms limits your statutory rights or our liability where
          the law does not allow it to be limited.
        </p>
      </section>
      <section>
        <h2>9. Changes and contact</h2>
        <p>
          We will give you notice of material changes to these terms. Questions or complaints:{' '}
          <a href={`mailto:${supportEmail}`}>{supportEmail}</a> or our <Link to="/contact">contact page</Link>
          . These terms are governed by the law of England and Wales.
        </p>
      </section>
    </StaticPage>
  );
}
