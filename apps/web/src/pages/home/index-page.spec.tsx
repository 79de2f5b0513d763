import { screen, within } from '@testing-library/react';

import { AppRoutes } from '../../app/app-routes';
import { loadingState, signedInState } from '../../test/factories';
import { renderInApp } from '../../test/render';

const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href');

describe('home route', () => {
  it('shows visitors the landing page', async () => {
    renderInApp(<AppRoutes />);

    expect(
      await screen.findByRole('heading', { name: 'One shared pot. A few friends. Zero hassle.' }),
    ).toBeTruthy();
    expect(href('Get Started Free')).toBe('/auth?mode=sign-up');
    expect(href('Learn More')).toBe('/about');
    for (const feature of ['Pot Management', 'Smart Splitting', 'Easy Payments', 'Secure & Private']) {
      expect(screen.getByRole('heading', { name: feature })).toBeTruthy();
    }
    expect(screen.getByText('Create pots and invite friends with a simple link.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Ready to simplify your pot expenses?' })).toBeTruthy();
    expect(href("Get Started - It's Free")).toBe('/auth?mode=sign-up');
  });

  it('shows a signed-in user Quick Actions and the empty pots state', async () => {
    renderInApp(<AppRoutes />, { session: signedInState() });

    expect(await screen.findByRole('heading', { name: 'Quick Actions' })).toBeTruthy();
    expect(href('Add Pot')).toBe('/create-pot');
    expect(href('Invite People')).toBe('/pot-summary');
    expect(href('Manage Account')).toBe('/onboarding');
    expect(screen.getByText('No pots yet')).toBeTruthy();
    expect(href('Create Your First Pot')).toBe('/create-pot');
  });

  it('waits for the session before choosing', async () => {
    renderInApp(<AppRoutes />, { session: loadingState });
    expect(await screen.findByText('Loading…')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Quick Actions' })).toBeNull();
  });

  it('has the footer on every page: support contacts, regulation, links and the current year', async () => {
    renderInApp(<AppRoutes />, { route: '/privacy' });

    expect(await screen.findByRole('heading', { name: 'Privacy Policy' })).toBeTruthy();
    expect(screen.getByText(/retained for 7 years/)).toBeTruthy();

    const footer = within(screen.getByRole('contentinfo'));
    const href = (name: string) => footer.getByRole('link', { name }).getAttribute('href');
    expect(href('support@kitty.example')).toBe('mailto:support@kitty.example');
    expect(href('+44 20 7946 0000')).toBe('tel:+442079460000');
    expect(footer.getByText(/regulated by the Financial Conduct Authority/)).toBeTruthy();
    expect(footer.getByText(/PCI DSS/)).toBeTruthy();
    for (const [name, path] of [
      ['About', '/about'],
      ['Services', '/services'],
      ['Terms', '/terms'],
      ['Privacy', '/privacy'],
      ['Contact', '/contact'],
      ['Cookie Policy', '/cookies'],
    ]) {
      expect(href(name)).toBe(path);
    }
    expect(footer.getByText(`© ${new Date().getFullYear()} Kitty`)).toBeTruthy();
  });

  it('states both fees and who pays card processing on the services and terms pages', async () => {
    for (const route of ['/services', '/terms']) {
      const { unmount } = renderInApp(<AppRoutes />, { route });
      await screen.findAllByText(/2\.9% \+ 30p/);
      const text = document.body.textContent ?? '';
      expect(text).toMatch(/2%/);
      expect(text).toMatch(/6%/);
      expect(text).toMatch(/receive the full amount|full amount reaches/);
      expect(text).toMatch(/Kitty pays (it|this charge) out of the platform fee/);
      unmount();
    }
  });
});
