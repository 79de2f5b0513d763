import { screen } from '@testing-library/react';

import { aMember, aPotSummary } from '../test/factories';
import { renderInApp } from '../test/render';
import { PotCard } from './pot-card';

const NAMES = ['Ann Lee', 'Bob Hart', 'Cat Moss', 'Dan Ray', 'Eve Fox', 'Fin Gold'];
const members = (count: number) =>
  NAMES.slice(0, count).map((name, index) => aMember({ id: `m${index}`, userId: `u${index}`, name }));

function renderCard({ count = 3, active = false, onSetActive = jest.fn(), yourNetPence = 0 } = {}) {
  const pot = aPotSummary({ members: members(count), yourNetPence });
  return {
    pot,
    ...renderInApp(<PotCard pot={pot} active={active} onSetActive={onSetActive} settingActive={false} />),
  };
}

describe('PotCard', () => {
  it('shows the name, the balance in pounds, 4 member avatars and +N for the rest', () => {
    renderCard({ count: 6 });

    expect(screen.getByRole('link', { name: 'Lisbon trip' }).getAttribute('href')).toBe(
      '/pot/0c8e7f52-1d1b-4c55-9a55-000000000001',
    );
    expect(screen.getByText('£1,234.56')).toBeVisible();
    expect(screen.getByLabelText('6 members')).toBeVisible();
    for (const initials of ['AL', 'BH', 'CM', 'DR']) expect(screen.getByText(initials)).toBeVisible();
    expect(screen.queryByText('EF')).toBeNull();
    expect(screen.queryByText('FG')).toBeNull();
    expect(screen.getByText('+2')).toBeVisible();
    expect(screen.getByLabelText('2 more')).toBeVisible();
  });

  it("says beside the group's balance what the caller owes or is owed in the pot", () => {
    const { unmount } = renderCard({ yourNetPence: -1250 });
    expect(screen.getByTestId('your-position')).toHaveTextContent('You owe £12.50');
    unmount();
    renderCard({ yourNetPence: 300 });
    expect(screen.getByTestId('your-position')).toHaveTextContent('You are owed £3.00');
  });

  it('says when the caller is settled up in the pot', () => {
    renderCard();
    expect(screen.getByTestId('your-position')).toHaveTextContent('You are settled up');
  });

  it('shows no +N with 4 members', () => {
    renderCard({ count: 4 });
    expect(screen.getByText('DR')).toBeVisible();
    expect(screen.queryByText(/^\+\d/)).toBeNull();
  });

  it("offers 'Set as active' on a pot that is not active", async () => {
    const onSetActive = jest.fn();
    const { user, pot } = renderCard({ onSetActive });
    expect(screen.queryByText('Active')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Set as active' }));
    expect(onSetActive).toHaveBeenCalledWith(pot);
  });

  it("tags the active pot 'Active'", () => {
    renderCard({ active: true });
    expect(screen.getByText('Active')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Set as active' })).toBeNull();
  });
});
