import type { ReactNode } from 'react';

import { useAppSelector } from '../../app/store';
import { webConfig } from '../../config';
import { selectSessionStatus } from '../../session/session-slice';
import { CalculatorIcon, SafetyCertificateIcon, SwapIcon, TeamIcon } from '../../ui/inline-icons';
import { PlainButtonLink } from '../../ui/plain-button';

const FEATURES: { title: string; description: string; icon: ReactNode }[] = [
  {
    title: 'Pot Management',
    description: 'Create pots and invite friends with a simple link.',
    icon: <TeamIcon />,
  },
  {
    title: 'Smart Splitting',
    description: 'Automatically calculate who owes what.',
    icon: <CalculatorIcon />,
  },
  {
    title: 'Easy Payments',
    description: 'Send and receive payments in the app.',
    icon: <SwapIcon />,
  },
  {
    title: 'Secure & Private',
    description: 'Bank-level security for your money and your data, which we never sell.',
    icon: <SafetyCertificateIcon />,
  },
];

/** The marketing page (spec §2 "Landing page"): a visitor's usual first page, so it renders no antd. */
export function LandingPage() {
  const signedIn = useAppSelector(selectSessionStatus) === 'signedIn';
  const cta = signedIn
    ? { to: '/create-pot', hero: 'Create Your First Pot', banner: 'Create Your First Pot' }
    : { to: '/auth?mode=sign-up', hero: 'Get Started Free', banner: "Get Started - It's Free" };

  return (
    <div className="landing">
      <section className="hero" aria-labelledby="hero-title">
        <h1 id="hero-title" className="hero-title">
          One shared pot. A few friends. Zero hassle.
        </h1>
        <p className="hero-lead">
          {webConfig.productName} keeps group money simple: pool funds in pounds sterling for a trip, a flat
          or a night out, split every cost fairly and pay straight from the pot with your own virtual card.
        </p>
        <div className="hero-actions">
          <PlainButtonLink to={cta.to} variant="primary" size="large">
            {cta.hero}
          </PlainButtonLink>
          <PlainButtonLink to="/about" size="large">
            Learn More
          </PlainButtonLink>
        </div>
      </section>

      <section className="features" aria-label="Features">
        {FEATURES.map(({ title, description, icon }) => (
          <article key={title} className="feature-card">
            <span className="feature-icon" aria-hidden="true">
              {icon}
            </span>
            <h2 className="feature-title">{title}</h2>
            <p>{description}</p>
          </article>
        ))}
      </section>

      <section className="closing-banner" aria-labelledby="closing-title">
        <h2 id="closing-title">Ready to simplify your pot expenses?</h2>
        <p>Set up a pot in a minute and invite your friends with a link.</p>
        <PlainButtonLink to={cta.to} size="large" className="closing-cta">
          {cta.banner}
        </PlainButtonLink>
      </section>
    </div>
  );
}
