import { screen, within } from '@testing-library/react';

import { anExpense, ANN_MEMBER, BOB_MEMBER, POT_ID, threeMembers } from '../../test/factories';
import { renderInApp } from '../../test/render';
import { ExpensesPanel, type ExpensesPanelProps } from './expenses-panel';

/** `count` expenses, newest first, as the API lists them; the i-th is called "Expense i". */
const expenses = (count: number) =>
  Array.from({ length: count }, (_, i) =>
    anExpense({
      id: `e0000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      description: `Expense ${i + 1}`,
    }),
  );

function renderPanel(props: Partial<ExpensesPanelProps>) {
  return renderInApp(
    <ExpensesPanel
      potId={POT_ID}
      expenses={expenses(3)}
      members={threeMembers}
      yourUserId="user-2"
      yourMemberId={BOB_MEMBER}
      isOwner={false}
      archived={false}
      onEdit={jest.fn()}
      paidSince={() => false}
      {...props}
    />,
  );
}

const rows = () => within(screen.getByRole('list', { name: 'Expenses' })).getAllByRole('listitem');

describe('ExpensesPanel', () => {
  it('draws a long list 25 at a time, newest first, and says how many are left', async () => {
    const { user } = renderPanel({ expenses: expenses(60) });
    expect(rows()).toHaveLength(25);
    expect(rows()[0]).toHaveTextContent('Expense 1');
    expect(screen.queryByText('Expense 26')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Show 25 more (25 of 60 shown)' }));
    expect(rows()).toHaveLength(50);
    await user.click(screen.getByRole('button', { name: 'Show 10 more (50 of 60 shown)' }));
    expect(rows()).toHaveLength(60);
    expect(screen.getByText('Expense 60')).toBeVisible();
    expect(screen.queryByRole('button', { name: /more/ })).toBeNull();
  });

  it('offers no more for a short list', () => {
    renderPanel({ expenses: expenses(25) });
    expect(rows()).toHaveLength(25);
    expect(screen.queryByRole('button', { name: /more/ })).toBeNull();
  });

  it('always draws an expense waiting for the viewer to confirm, however far down it is', () => {
    const list = expenses(40);
    list[37] = { ...list[37], status: 'pending', awaitingMemberId: BOB_MEMBER, payerMemberId: ANN_MEMBER };
    renderPanel({ expenses: list });
    expect(rows()).toHaveLength(26);
    expect(screen.getByRole('button', { name: 'Confirm Expense 38' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Show 14 more (26 of 40 shown)' })).toBeVisible();
  });
});
