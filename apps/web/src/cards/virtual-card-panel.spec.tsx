import type { IssuedCard } from '@kitty/api-client';
import { kittyApi } from '@kitty/api-client';
import { screen, waitFor, within } from '@testing-library/react';

import { POT_ID, signedInState } from '../test/factories';
import { json, mockFetch, pathOf, problem } from '../test/fetch-mock';
import { renderInApp } from '../test/render';
import { DETAILS_NOTE, VirtualCardPanel, WALLET_NOTE } from './virtual-card-panel';

const aCard = (overrides: Partial<IssuedCard> = {}): IssuedCard => ({
  brand: 'Visa',
  last4: '4242',
  expMonth: 3,
  expYear: 2029,
  status: 'active',
  spendsFrom: { potId: POT_ID, name: 'Lisbon trip' },
  ...overrides,
});

const panel = () => within(screen.getByRole('region', { name: 'Your virtual card' }));
const posts = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.requests.filter((request) => request.method === 'POST').map(pathOf);

/** The card as the server has it, changed by freeze / unfreeze like the server does. */
function cardApi(initial: IssuedCard | null) {
  let card = initial;
  return mockFetch((request) => {
    const path = pathOf(request);
    if (!card) return problem(404, 'You have no virtual card yet.');
    if (path === '/api/cards/current') return json(card);
    if (path === '/api/cards/current/freeze') card = { ...card, status: 'inactive' };
    else if (path === '/api/cards/current/unfreeze') card = { ...card, status: 'active' };
    else return problem(404, `Not mocked: ${path}`);
    return json(card);
  });
}

describe('VirtualCardPanel', () => {
  it('masks the card until Show, which reveals only the last four digits and the expiry', async () => {
    cardApi(aCard());
    const { user } = renderInApp(<VirtualCardPanel />, { session: signedInState() });

    expect((await screen.findByTestId('card-number')).textContent).toBe('•••• •••• •••• ••••');
    expect(screen.getByTestId('card-expiry').textContent).toBe('••/••');
    expect(panel().getByText('Visa')).toBeVisible();
    expect(panel().getByText('Active')).toBeVisible();
    expect(panel().queryByText(/4242/)).toBeNull();

    await user.click(panel().getByRole('button', { name: 'Show' }));
    expect(screen.getByTestId('card-number').textContent).toBe('•••• •••• •••• 4242');
    expect(screen.getByTestId('card-expiry').textContent).toBe('03/29');

    await user.click(panel().getByRole('button', { name: 'Hide' }));
    expect(screen.getByTestId('card-number').textContent).toBe('•••• •••• •••• ••••');
  });

  it('says which pot it spends from, with a link to change it', async () => {
    cardApi(aCard());
    renderInApp(<VirtualCardPanel />, { session: signedInState() });

    expect(await panel().findByText('Lisbon trip')).toBeVisible();
    expect(panel().getByText(/Spends from:/)).toBeVisible();
    expect(panel().getByRole('link', { name: 'Change' }).getAttribute('href')).toBe('#your-pots');
  });

  it('says when there is no active pot to spend from', async () => {
    cardApi(aCard({ spendsFrom: null }));
    renderInApp(<VirtualCardPanel />, { session: signedInState() });

    expect(await panel().findByText('No active pot')).toBeVisible();
    expect(panel().getByRole('link', { name: 'Choose a pot' }).getAttribute('href')).toBe('#your-pots');
  });

  it('offers onboarding to a user without a card', async () => {
    cardApi(null);
    renderInApp(<VirtualCardPanel />, { session: signedInState() });

    const link = await panel().findByRole('link', { name: 'Get Your Virtual Card' });
    expect(link.getAttribute('href')).toBe('/onboarding');
    expect(screen.queryByTestId('card-number')).toBeNull();
  });

  it('keeps offering onboarding while "no card yet" is read again, until the new answer comes', async () => {
    let reads = 0;
    let answerCard: (() => void) | undefined;
    mockFetch(() =>
      reads++ === 0
        ? problem(404, 'You have no virtual card yet.')
        : new Promise<Response>((resolve) => (answerCard = () => resolve(json(aCard())))),
    );
    const { store } = renderInApp(<VirtualCardPanel />, { session: signedInState() });
    expect(await panel().findByRole('link', { name: 'Get Your Virtual Card' })).toBeVisible();

    const reading = store.dispatch(
      kittyApi.endpoints.getCurrentCard.initiate(undefined, { forceRefetch: true }),
    );
    await waitFor(() => expect(answerCard).toBeDefined());
    expect(panel().getByRole('link', { name: 'Get Your Virtual Card' })).toBeVisible();
    expect(panel().queryByLabelText('Loading your card')).toBeNull();

    answerCard?.();
    expect(await screen.findByTestId('card-number')).toBeVisible();
    reading.unsubscribe();
  });

  it('says when the card cannot be loaded, and tries again', async () => {
    let fail = true;
    mockFetch(() => (fail ? problem(503, 'Issuing is unavailable right now.') : json(aCard())));
    const { user } = renderInApp(<VirtualCardPanel />, { session: signedInState() });

    expect(await panel().findByText('Could not load your card')).toBeVisible();
    expect(panel().getByText('Issuing is unavailable right now.')).toBeVisible();
    fail = false;
    await user.click(panel().getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('card-number')).toBeVisible();
  });

  it('freezes and unfreezes the card', async () => {
    const fetchMock = cardApi(aCard());
    const { user } = renderInApp(<VirtualCardPanel />, { session: signedInState() });

    await user.click(await panel().findByRole('button', { name: 'Freeze Card' }));
    expect(await panel().findByText('Frozen')).toBeVisible();
    expect(await screen.findByText('Card Frozen')).toBeVisible();

    await user.click(panel().getByRole('button', { name: 'Unfreeze Card' }));
    expect(await panel().findByText('Active')).toBeVisible();
    expect(posts(fetchMock)).toEqual(['/api/cards/current/freeze', '/api/cards/current/unfreeze']);
  });

  it('offers no Apple Pay / Google Pay buttons and says plainly what the web app cannot do', async () => {
    const fetchMock = cardApi(aCard());
    renderInApp(<VirtualCardPanel />, { session: signedInState() });

    await screen.findByTestId('card-number');
    expect(panel().queryByRole('button', { name: /Apple Pay|Google Pay|wallet/i })).toBeNull();
    expect(panel().getByText(/it cannot be done from this website/).textContent).toBe(
      `${DETAILS_NOTE} ${WALLET_NOTE}`,
    );
    expect(fetchMock.requests.map(pathOf)).toEqual(['/api/cards/current']);
  });

  it('does not promise Apple Pay or Google Pay to a user without a card', async () => {
    cardApi(null);
    renderInApp(<VirtualCardPanel />, { session: signedInState() });

    await panel().findByRole('link', { name: 'Get Your Virtual Card' });
    expect(panel().queryByText(/Apple Pay|Google Pay/)).toBeNull();
  });
});
