import { pricing, webConfig } from '../../config';
import { StaticPage } from './static-page';

export default function ServicesPage() {
  const { productName } = webConfig;
  return (
    <StaticPage
      title="Our services"
      lead={`Everything a group needs to share money, and exactly what it costs.`}
    >
      <section>
        <h2>Shared pots</h2>
        <p>
          Create as many pots as you like, each with its own balance, members and history. The pot's owner
          invites members by e-mail or with a link, and every member can add funds, record expenses and see
          every transaction.
        </p>
      </section>
      <section>
        <h2>Smart splitting and settling up</h2>
        <p>
          Split an expense equally, by exact amounts, by percentages or by shares. The shares always add up to
          the penny. {productName} keeps a running total of what each member has paid and owes, and suggests
          the fewest transfers needed to settle up.
        </p>
      </section>
      <section>
        <h2>Payment account and virtual card</h2>
        <p>
          Verify your identity once to open a payment account and get a virtual card that spends from your
          active pot. A purchase is approved only if the pot can cover it.
        </p>
      </section>
      <section>
        <h2>Adding and withdrawing funds</h2>
        <ul>
          <li>
            Add from {pricing.minTopUp} up to {pricing.maxTopUp} per payment by card, Apple Pay, Google Pay or
            bank transfer. Bank transfers usually arrive within 1-2 business days.
          </li>
          <li>
            Withdraw up to {pricing.maxWithdrawal} at a time to the bank account linked to your payment
            account. Withdrawals take 1-3 business days.
          </li>
          <li>Ask friends to top up a pot with a request by e-mail.</li>
        </ul>
      </section>
      <section>
        <h2>Pricing</h2>
        <table className="pricing-table">
          <tbody>
            <tr>
              <th scope="row">Account, pots and virtual card</th>
              <td>Free</td>
            </tr>
            <tr>
              <th scope="row">Platform fee on adding funds, UK residents</th>
              <td>{pricing.ukResidentFeePercent}%</td>
            </tr>
            <tr>
              <th scope="row">Platform fee on adding funds, international users</th>
              <td>{pricing.internationalFeePercent}%</td>
            </tr>
          </tbody>
        </table>
        <p>
          The platform fee is added on top of the amount you add, so you receive the full amount: adding £100
          as a UK resident costs £102 and puts £100 in your pot. The fee is shown before you pay. Your
          residency comes from the address your identity check verified, or from where you sign in until then;
          the fee for international users is higher because it also covers cross-border and currency
          conversion costs.
        </p>
        <p>
          Card payments carry a processing charge of {pricing.cardProcessingFee} per payment, charged by our
          card processor. {productName} pays it out of the platform fee: you never pay it on top.
        </p>
      </section>
    </StaticPage>
  );
}
