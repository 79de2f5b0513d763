import type { RecurringExpense } from '@kitty/api-client';
import { screen, waitFor } from '@testing-library/react';

import { POT_ID } from '../../test/factories';
import { json, mockFetch, noContent, pathOf } from '../../test/fetch-mock';
import { renderInApp } from '../../test/render';
import { recurrenceSummary, RecurringExpenses } from './recurring-expenses';

const rent: RecurringExpense = {
  id: '7b0a3c1e-7c44-4a47-9d35-0d2c2f6c5a11',
  potId: POT_ID,
  description: 'Rent',
  amountPence: 90_000,
  category: 'lodging',
  paidFrom: 'member',
  frequency: 'monthly',
  startOn: '2026-11-01',
  endOn: '2027-06-01',
  nextDueOn: '2027-01-01',
  occurrences: 2,
  lastProblem: null,
  createdByName: 'Ann Lee',
  youMayCancel: true,
  cancelledAt: null,
  createdAt: '2026-11-01T09:00:00.000Z',
};
const cleaner: RecurringExpense = {
  ...rent,
  id: '0e7e0b43-8f0f-4c7d-9a5b-1c8e8f3f3b22',
  description: 'Cleaner',
  amountPence: 4_000,
  frequency: 'weekly',
  endOn: null,
  nextDueOn: '2026-12-03',
  occurrences: 0,
  lastProblem: 'Not added on 26 Nov 2026: The amount exceeds the available balance.',
  createdByName: 'Bob Hart',
  youMayCancel: false,
};

describe('recurrenceSummary', () => {
  it('says how often, when next and until when, or how it ended', () => {
    expect(recurrenceSummary(rent)).toBe('Every month · next 1 Jan 2027 · until 1 Jun 2027');
    expect(recurrenceSummary({ ...rent, endOn: null })).toBe('Every month · next 1 Jan 2027');
    expect(recurrenceSummary({ ...rent, nextDueOn: null })).toBe('Every month · ended');
    expect(recurrenceSummary({ ...rent, nextDueOn: null, cancelledAt: '2026-12-02T10:00:00Z' })).toBe(
      'Every month · cancelled',
    );
  });
});

describe('RecurringExpenses', () => {
  it('lists what recurs with why a day was skipped, and stops one when allowed', async () => {
    let rules: RecurringExpense[] = [rent, cleaner];
    const fetchMock = mockFetch((request) => {
      if (request.method === 'DELETE') {
        rules = [
          { ...rent, nextDueOn: null, cancelledAt: '2026-11-26T10:00:00Z', youMayCancel: false },
          cleaner,
        ];
        return noContent();
      }
      return json(rules);
    });
    const { user } = renderInApp(<RecurringExpenses potId={POT_ID} />);

    expect(
      await screen.findByText(
        'Every month · next 1 Jan 2027 · until 1 Jun 2027 · added 2 times · set up by Ann Lee',
      ),
    ).toBeVisible();
    expect(
      screen.getByText('Not added on 26 Nov 2026: The amount exceeds the available balance.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Stop recurring Cleaner' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Stop recurring Rent' }));
    await user.click(await screen.findByRole('button', { name: 'Stop it' }));

    expect(await screen.findByText('Recurring expense cancelled')).toBeVisible();
    const cancel = fetchMock.requests.find((request) => request.method === 'DELETE');
    expect(cancel && pathOf(cancel)).toBe(`/api/pots/${POT_ID}/recurring-expenses/${rent.id}`);
    await waitFor(() => expect(screen.getByText(/Every month · cancelled/)).toBeVisible());
  });

  it('shows nothing while the pot has none', async () => {
    const fetchMock = mockFetch(() => json([]));
    const { container } = renderInApp(<RecurringExpenses potId={POT_ID} />);
    await waitFor(() => expect(fetchMock.spy).toHaveBeenCalled());
    expect(container.querySelector('.recurring-expenses')).toBeNull();
  });
});
