import { Link } from 'react-router-dom';

import { telHref, webConfig } from '../config';

const FOOTER_LINKS = [
  { to: '/about', label: 'About' },
  { to: '/services', label: 'Services' },
  { to: '/terms', label: 'Terms' },
  { to: '/privacy', label: 'Privacy' },
  { to: '/contact', label: 'Contact' },
  { to: '/cookies', label: 'Cookie Policy' },
] as const;

export function AppFooter() {
  const { productName, supportEmail, supportPhone } = webConfig;
  return (
    <footer className="app-footer">
      <div className="footer-grid">
        <section aria-labelledby="footer-support">
          <h2 id="footer-support" className="footer-heading">
            Support
          </h2>
          <p>
            <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
          </p>
          <p>
            <a href={telHref(supportPhone)}>{supportPhone}</a>
          </p>
        </section>
        <section aria-labelledby="footer-trust">
          <h2 id="footer-trust" className="footer-heading">
            Regulation
          </h2>
          <p>
            {productName} is regulated by the Financial Conduct Authority (FCA), the UK financial regulator.
          </p>
          <p>
            Card payments are handled in line with the Payment Card Industry Data Security Standard (PCI DSS).
          </p>
        </section>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className="footer-heading">
            {productName}
          </h2>
          <ul className="footer-links">
            {FOOTER_LINKS.map(({ to, label }) => (
              <li key={to}>
                <Link to={to}>{label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="copyright">
        © {new Date().getFullYear()} {productName}
      </p>
    </footer>
  );
}
