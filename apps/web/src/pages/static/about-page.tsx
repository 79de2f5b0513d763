import { supportHours, webConfig } from '../../config';
import { PlainButtonLink } from '../../ui/plain-button';
import { StaticPage } from './static-page';

export default function AboutPage() {
  const { productName } = webConfig;
  return (
    <StaticPage
      title={`About ${productName}`}
      lead="One shared pot. A few friends. Zero hassle. We built the group wallet we always wanted when the bill arrived."
    >
      <section>
        <h2>Why we built {productName}</h2>
        <p>
          Shared money is awkward. Someone books the cottage, someone else buys the food, and weeks later the
          group chat is still trying to work out who owes whom. Spreadsheets go stale, bank transfers get
          forgotten and the person who paid up front ends up chasing everyone else.
        </p>
        <p>
          {productName} replaces all of that with a single pot. Everyone adds money to it, spending comes out
          of it, and everyone can see exactly where every penny went.
        </p>
      </section>
      <section>
        <h2>How it works</h2>
        <ol>
          <li>
            <strong>Create a pot</strong> for a trip, a shared flat, a birthday present or a regular
            five-a-side game, and invite your friends with a link.
          </li>
          <li>
            <strong>Add funds</strong> in pounds sterling by card, Apple Pay, Google Pay or bank transfer.
          </li>
          <li>
            <strong>Spend together</strong> with your {productName} virtual card, or record expenses someone
            paid for themselves. {productName} splits each one equally, by exact amounts, by percentages or by
            shares.
          </li>
          <li>
            <strong>Settle up</strong> in as few transfers as possible: {productName} works out who owes whom,
            so nobody has to.
          </li>
        </ol>
      </section>
      <section>
        <h2>Who it is for</h2>
        <p>
          {productName} is a UK service for anyone who shares costs: friends, flatmates, families, clubs and
          travellers. You do not need to live in the UK to join a pot; international members are welcome and
          pay the same way as everyone else.
        </p>
      </section>
      <section>
        <h2>Safe by design</h2>
        <p>
          Your money is held with regulated partners and card payments are processed to the Payment Card
          Industry Data Security Standard (PCI DSS). We verify the identity of everyone who holds a payment
          account, we never see your full card number, and we never sell your data.
        </p>
      </section>
      <section>
        <h2>Talk to us</h2>
        <p>
          Our UK-based support team is available {supportHours[0].days} {supportHours[0].hours} and{' '}
          {supportHours[1].days} {supportHours[1].hours}.
        </p>
        <PlainButtonLink to="/contact" variant="primary">
          Contact us
        </PlainButtonLink>
      </section>
    </StaticPage>
  );
}
