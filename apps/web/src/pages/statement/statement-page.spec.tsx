import { screen, within } from '@testing-library/react';

import { AppRoutes } from '../../app/app-routes';
import { aStatement } from '../../money/test-support';
import { signedInState } from '../../test/factories';
import { json, mockFetch, pathOf, problem, withoutBell } from '../../test/fetch-mock';
import { renderInApp } from '../../test/render';
import { currentUkMonth, shiftMonth } from './statement-page';

const POT = '11111111-1111-4111-8111-111111111111';

/** The statement's lines (a card purchase's own list of movements is inside its line). */
async function statementRows() {
  const list = await screen.findByRole('list', { name: 'Movements' });
  return within(list)
    .getAllByRole('listitem')
    .filter((row) => row.parentElement === list);
}

describe('statement page', () => {
  it('shows the month’s balances and movements with fees apart, and moves between months', async () => {
    const { requests } = mockFetch((request) => {
      const url = new URL(request.url);
      if (pathOf(request) === '/api/wallet/statement')
        return json(aStatement({ month: url.searchParams.get('month') ?? '' }));
      return problem(404, 'unexpected');
    });
    const { user } = renderInApp(<AppRoutes />, {
      route: '/statement?month=2026-10',
      session: signedInState(),
    });

    expect(await screen.findByRole('heading', { name: 'October 2026' })).toBeVisible();
    const summary = within(await screen.findByRole('region', { name: 'Summary' }));
    expect(summary.getByText('£38.00')).toBeVisible();
    expect(summary.getByText('£55.95')).toBeVisible();
    expect(summary.getByText('£0.50')).toBeVisible();
    const rows = await statementRows();
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Funds added by card.*fee £0.50 paid on top\+£25.00Balance £63.00$/),
      expect.stringMatching(/^Card purchase at Pingo Doce.*Charged on 3 Oct−£7.05−£7.05Balance £55.95$/),
    ]);

    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(await screen.findByRole('heading', { name: 'September 2026' })).toBeVisible();
    expect(requests.map((r) => new URL(r.url).search)).toContain('?month=2026-09');
  });

  it('never asks for a month after this one, nor a malformed one', async () => {
    const { requests } = mockFetch(() => json(aStatement({ entries: [] })));
    renderInApp(<AppRoutes />, { route: '/statement?month=2999-01', session: signedInState() });
    expect(await screen.findByText('No movements this month')).toBeVisible();
    expect(withoutBell(requests).map((r) => new URL(r.url).searchParams.get('month'))).toEqual([
      currentUkMonth(),
    ]);
    expect(screen.getByRole('button', { name: 'Next month' })).toBeDisabled();
  });

  it('names the member behind each movement of a pot', async () => {
    mockFetch((request) =>
      pathOf(request) === `/api/pots/${POT}/statement`
        ? json(
            aStatement({
              account: { type: 'pot', name: 'Lisbon trip' },
              entries: aStatement().entries.map((entry, i) => ({
                ...entry,
                memberName: i === 0 ? 'Ann Lee' : null,
              })),
            }),
          )
        : problem(404, 'unexpected'),
    );
    renderInApp(<AppRoutes />, { route: `/pot/${POT}/statement?month=2026-10`, session: signedInState() });

    const rows = await statementRows();
    expect(rows[0].textContent).toMatch(/^Funds added by cardAnn Lee · /);
    expect(rows[1].textContent).toMatch(/^Card purchase at Pingo Doce\d/);
  });

  it('shows a card hold and its release as one purchase, not charged, and does not count it as money in', async () => {
    const [topUp] = aStatement().entries;
    const card = {
      ...topUp,
      kind: 'card_hold',
      description: 'Café Nero',
      feePence: 0,
      memberName: 'Ann Lee',
      cardAuthorizationId: 'iauth_1',
    };
    mockFetch((request) =>
      pathOf(request) === `/api/pots/${POT}/statement`
        ? json(
            aStatement({
              account: { type: 'pot', name: 'Lisbon trip' },
              moneyInPence: 2500,
              moneyOutPence: 0,
              entries: [
                {
                  ...card,
                  transactionId: 'h',
                  occurredAt: '2026-10-03T09:00:00Z',
                  amountPence: -800,
                  balanceAfterPence: 5500,
                },
                { ...topUp, occurredAt: '2026-10-04T09:00:00Z', balanceAfterPence: 8000 },
                {
                  ...card,
                  transactionId: 'r',
                  kind: 'card_release',
                  occurredAt: '2026-10-05T09:00:00Z',
                  amountPence: 800,
                  balanceAfterPence: 8800,
                },
              ],
            }),
          )
        : problem(404, 'unexpected'),
    );
    renderInApp(<AppRoutes />, { route: `/pot/${POT}/statement?month=2026-10`, session: signedInState() });

    const rows = await statementRows();
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Funds added by card.*\+£25\.00Balance £80\.00$/),
      expect.stringMatching(
        /^Card purchase at Café NeroAnn Lee · .*Held on 3 Oct−£8\.00Released on 5 Oct\+£8\.00Not charged: the hold was given back£0\.00Balance £88\.00$/,
      ),
    ]);
    const summary = within(screen.getByRole('region', { name: 'Summary' }));
    expect(summary.getByText('Money in').nextSibling).toHaveTextContent('£25.00');
  });

  it('shows a card purchase as one line with its hold, capture and release together on a pot', async () => {
    const [topUp] = aStatement().entries;
    const card = {
      ...topUp,
      description: 'Café Nero',
      feePence: 0,
      memberName: 'Ann Lee',
      cardAuthorizationId: 'iauth_1',
    };
    const statement = aStatement({
      account: { type: 'pot', name: 'Lisbon trip' },
      moneyInPence: 0,
      moneyOutPence: 1000,
      closingBalancePence: 2800,
      entries: [
        {
          ...card,
          transactionId: 'h',
          kind: 'card_hold',
          occurredAt: '2026-10-03T09:00:00Z',
          amountPence: -1000,
          balanceAfterPence: 2800,
        },
        {
          ...card,
          kind: 'expense',
          description: 'Dinner',
          cardAuthorizationId: null,
          transactionId: 'x',
          amountPence: -500,
          balanceAfterPence: 2300,
        },
        {
          ...card,
          transactionId: 'c',
          kind: 'card_capture',
          occurredAt: '2026-10-04T09:00:00Z',
          amountPence: -200,
          balanceAfterPence: 2100,
        },
        {
          ...card,
          transactionId: 'r',
          kind: 'card_release',
          occurredAt: '2026-10-05T09:00:00Z',
          amountPence: 200,
          balanceAfterPence: 2300,
        },
      ],
    });
    mockFetch((request) =>
      pathOf(request) === `/api/pots/${POT}/statement` ? json(statement) : problem(404, 'unexpected'),
    );
    renderInApp(<AppRoutes />, { route: `/pot/${POT}/statement?month=2026-10`, session: signedInState() });

    const rows = await statementRows();
    expect(rows.map((row) => within(row).getAllByText(/./)[0].textContent)).toEqual([
      'Dinner',
      'Card purchase at Café Nero',
    ]);
    const steps = within(screen.getByRole('list', { name: 'Card purchase at Café Nero' })).getAllByRole(
      'listitem',
    );
    expect(steps.map((step) => step.textContent)).toEqual([
      'Held on 3 Oct−£10.00',
      'Charged on 4 Oct−£2.00',
      'Released on 5 Oct+£2.00',
    ]);
    expect(rows[1]).toHaveTextContent(/−£10\.00Balance £23\.00$/);
    const summary = within(screen.getByRole('region', { name: 'Summary' }));
    expect(summary.getByText('Money in').nextSibling).toHaveTextContent('£0.00');
    expect(summary.getByText('Money out').nextSibling).toHaveTextContent('£10.00');
  });

  it('says a pot the caller cannot see is not found', async () => {
    mockFetch((request) =>
      pathOf(request) === `/api/pots/${POT}/statement`
        ? problem(404, 'This pot does not exist or you are not a member.')
        : problem(500, 'unexpected'),
    );
    renderInApp(<AppRoutes />, { route: `/pot/${POT}/statement?month=2026-10`, session: signedInState() });
    expect(await screen.findByText('Pot not found')).toBeVisible();
    expect(screen.getByText('This pot does not exist or you are not a member.')).toBeVisible();
  });
});

describe('shiftMonth', () => {
  it('crosses year ends both ways', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-06', 0)).toBe('2026-06');
  });
});
