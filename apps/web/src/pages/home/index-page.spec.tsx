import { screen, waitFor, within } from '@testing-library/react';

import { AppRoutes } from '../../app/app-routes';
import { aMember, aPotSummary, loadingState, POT_ID, signedInState } from '../../test/factories';
import { json, mockFetch, pathOf, problem } from '../../test/fetch-mock';
import { renderInApp } from '../../test/render';

/** The user has no virtual card yet; everything else as `answer` says. */
/** Home's API with no card, and no archived pots unless `archived` lists some. */
const withoutCard =
  (answer: (request: Request) => Response | Promise<Response>, archived: unknown[] = []) =>
  (request: Request) =>
    pathOf(request) === '/api/cards/current'
      ? problem(404, 'You have no virtual card yet.')
      : pathOf(request) === '/api/pots/archived'
        ? json(archived)
        : answer(request);

const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href');

describe('home route', () => {
  it('shows visitors the landing page', async () => {
    renderInApp(<AppRoutes />);

    expect(
      await screen.findByRole('heading', { name: 'One shared pot. A few friends. Zero hassle.' }),
    ).toBeVisible();
    expect(href('Get Started Free')).toBe('/auth?mode=sign-up');
    expect(href('Learn More')).toBe('/about');
    for (const feature of ['Pot Management', 'Smart Splitting', 'Easy Payments', 'Secure & Private']) {
      expect(screen.getByRole('heading', { name: feature })).toBeVisible();
    }
    expect(screen.getByText('Create pots and invite friends with a simple link.')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Ready to simplify your pot expenses?' })).toBeVisible();
    expect(href("Get Started - It's Free")).toBe('/auth?mode=sign-up');
  });

  it('shows a signed-in user Quick Actions and the empty pots state', async () => {
    mockFetch(
      withoutCard((request) =>
        pathOf(request) === '/api/pots' ? json([]) : json({ potId: null, updatedAt: null }),
      ),
    );
    const { user } = renderInApp(<AppRoutes />, { session: signedInState() });

    expect(await screen.findByRole('heading', { name: 'Quick Actions' })).toBeVisible();
    expect(href('Add Pot')).toBe('/create-pot');
    expect(href('Manage Account')).toBe('/account');
    expect(await screen.findByText('No pots yet')).toBeVisible();
    expect(href('Create Your First Pot')).toBe('/create-pot');

    // With no pot at all, inviting starts with creating one, and says why.
    await user.click(screen.getByRole('button', { name: 'Invite People' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/create-pot'));
    expect(await screen.findByText('Create a pot first')).toBeVisible();
  });

  it("lists the user's pots newest first, marks the active one and invites people to it", async () => {
    const older = aPotSummary({ id: 'p-old', name: 'Flat bills', balancePence: 0, members: [aMember()] });
    mockFetch(
      withoutCard((request) =>
        pathOf(request) === '/api/pots'
          ? json([aPotSummary(), older])
          : json({ potId: POT_ID, updatedAt: null }),
      ),
    );
    const { user } = renderInApp(<AppRoutes />, { session: signedInState() });

    await screen.findByRole('link', { name: 'Lisbon trip' });
    const titles = screen.getAllByRole('heading', { level: 3 });
    expect(titles.map((title) => title.textContent)).toEqual(['Lisbon trip', 'Flat bills']);
    const grid = within(screen.getByRole('region', { name: 'Your Pots' }));
    expect(grid.getByText('£1,234.56')).toBeVisible();
    expect(grid.getByText('£0.00')).toBeVisible();
    expect(screen.getByText('Active')).toBeVisible();
    expect(screen.getAllByRole('button', { name: 'Set as active' })).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Invite People' }));
    expect(await screen.findByText('Invite people to Lisbon trip')).toBeVisible();
  });

  it('keeps archived pots out of the grid, one click away with what they still hold', async () => {
    const archived = aPotSummary({ id: 'p-archived', name: 'Ski 2025', balancePence: 1250, isActive: false });
    mockFetch(
      withoutCard(
        (request) =>
          pathOf(request) === '/api/pots' ? json([aPotSummary()]) : json({ potId: POT_ID, updatedAt: null }),
        [archived],
      ),
    );
    const { user } = renderInApp(<AppRoutes />, { session: signedInState() });

    await screen.findByRole('link', { name: 'Lisbon trip' });
    expect(screen.queryByRole('heading', { name: 'Ski 2025' })).toBeNull();
    await user.click(await screen.findByText('Archived pots (1)'));
    expect(href('Ski 2025')).toBe('/pot/p-archived');
    expect(screen.getByText('£12.50')).toBeVisible();
  });

  it('shows the balance card and withdraws from the active pot the user owns by default', async () => {
    mockFetch(
      withoutCard((request) => {
        if (pathOf(request) === '/api/pots') return json([aPotSummary()]);
        if (pathOf(request) === '/api/wallet') {
          return json({ balancePence: 5000, withdrawablePence: 5000, payoutAccount: null, updatedAt: null });
        }
        if (pathOf(request) === '/api/withdrawals') return json([]);
        return json({ potId: POT_ID, updatedAt: null });
      }),
    );
    const { user } = renderInApp(<AppRoutes />, { session: signedInState() });

    const card = within(await screen.findByRole('region', { name: 'Money in your pots' }));
    expect(await card.findByText('£50.00')).toBeVisible();
    expect(card.getByTestId('pots-balance').textContent).toBe('£1,234.56');
    expect(card.getByRole('link', { name: /Request Top-Up/ }).getAttribute('href')).toBe('/request-top-up');

    await user.click(card.getByRole('button', { name: /Withdraw/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Withdraw' }));
    expect(await dialog.findByText('Available: £1,234.56')).toBeVisible();
  });

  it("makes another pot active, and says 'Failed to set active pot' when that fails", async () => {
    const older = aPotSummary({ id: 'p-old', name: 'Flat bills' });
    let fail = true;
    const fetchMock = mockFetch(
      withoutCard((request) => {
        if (request.method === 'PUT') {
          return fail ? problem(500, 'Please try again.') : json({ potId: 'p-old', updatedAt: null });
        }
        return pathOf(request) === '/api/pots'
          ? json([aPotSummary(), older])
          : json({ potId: POT_ID, updatedAt: null });
      }),
    );
    const { user } = renderInApp(<AppRoutes />, { session: signedInState() });

    await user.click(await screen.findByRole('button', { name: 'Set as active' }));
    expect(await screen.findByText('Failed to set active pot')).toBeVisible();

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Set as active' }));
    expect(await screen.findByText('Flat bills is now your active pot.')).toBeVisible();
    const put = fetchMock.requests.filter((request) => request.method === 'PUT');
    expect(await put[1].json()).toEqual({ potId: 'p-old' });
  });

  it('asks the user to choose a pot when they have pots but none is active, instead of leaving Home', async () => {
    Element.prototype.scrollIntoView = jest.fn();
    mockFetch(
      withoutCard((request) =>
        pathOf(request) === '/api/pots' ? json([aPotSummary()]) : json({ potId: null, updatedAt: null }),
      ),
    );
    const { user } = renderInApp(<AppRoutes />, { session: signedInState() });

    await screen.findByRole('link', { name: 'Lisbon trip' });
    await user.click(screen.getByRole('button', { name: 'Invite People' }));
    expect(await screen.findByText('Choose a pot first')).toBeVisible();
    expect(screen.getByTestId('location').textContent).toBe('/');
  });

  it("says 'Failed to fetch pots' with the reason, and tries again", async () => {
    let fail = true;
    mockFetch(
      withoutCard((request) => {
        if (pathOf(request) !== '/api/pots') return json({ potId: null, updatedAt: null });
        return fail ? problem(503, 'Pots are unavailable right now.') : json([]);
      }),
    );
    const { user } = renderInApp(<AppRoutes />, { session: signedInState() });

    expect(await screen.findByText('Failed to fetch pots: Pots are unavailable right now.')).toBeVisible();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No pots yet')).toBeVisible();
  });

  it('waits for the session before choosing', async () => {
    renderInApp(<AppRoutes />, { session: loadingState });
    expect(await screen.findByText('Loading…')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Quick Actions' })).toBeNull();
  });

  it('has the footer on every page: support contacts, regulation, links and the current year', async () => {
    renderInApp(<AppRoutes />, { route: '/privacy' });

    expect(await screen.findByRole('heading', { name: 'Privacy Policy' })).toBeVisible();
    expect(screen.getByText(/retained for 7 years/)).toBeVisible();

    const footer = within(screen.getByRole('contentinfo'));
    const href = (name: string) => footer.getByRole('link', { name }).getAttribute('href');
    expect(href('support@kitty.example')).toBe('mailto:support@kitty.example');
    expect(href('+44 20 7946 0000')).toBe('tel:+442079460000');
    expect(footer.getByText(/regulated by the Financial Conduct Authority/)).toBeVisible();
    expect(footer.getByText(/PCI DSS/)).toBeVisible();
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
    expect(footer.getByText(`© ${new Date().getFullYear()} Kitty`)).toBeVisible();
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
