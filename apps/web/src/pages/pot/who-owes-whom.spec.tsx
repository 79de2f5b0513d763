import { screen } from '@testing-library/react';

import { ANN_MEMBER, BOB_MEMBER, CAT_MEMBER } from '../../test/factories';
import { renderInApp } from '../../test/render';
import { WhoOwesWhom } from './who-owes-whom';

const balances = {
  positions: [
    { memberId: ANN_MEMBER, name: 'Ann Lee', netPence: 2000 },
    { memberId: BOB_MEMBER, name: 'Bob Hart', netPence: -1250 },
    { memberId: CAT_MEMBER, name: 'Cat Moss', netPence: -750 },
  ],
  plan: [
    { fromMemberId: BOB_MEMBER, toMemberId: ANN_MEMBER, amountPence: 1250 },
    { fromMemberId: CAT_MEMBER, toMemberId: ANN_MEMBER, amountPence: 750 },
  ],
};

describe('WhoOwesWhom', () => {
  it("shows each member's position: green 'is owed', red 'owes', 'settled up'", () => {
    renderInApp(
      <WhoOwesWhom
        balances={{
          ...balances,
          positions: [
            ...balances.positions.slice(0, 2),
            { memberId: CAT_MEMBER, name: 'Cat Moss', netPence: 0 },
          ],
        }}
        yourMemberId={ANN_MEMBER}
        onRecordPayment={jest.fn()}
      />,
    );

    expect(screen.getByText('Ann Lee (you)')).toBeTruthy();
    expect(screen.getByText('is owed £20.00').className).toContain('position-owed');
    expect(screen.getByText('owes £12.50').className).toContain('position-owes');
    expect(screen.getByText('settled up').className).toContain('position-settled');
  });

  it("lists the settle-up plan as 'A pays B £x', each you are in with Record payment", async () => {
    const onRecordPayment = jest.fn();
    const { user } = renderInApp(
      <WhoOwesWhom balances={balances} yourMemberId={ANN_MEMBER} onRecordPayment={onRecordPayment} />,
    );

    expect(screen.getByText('Bob Hart pays Ann Lee £12.50')).toBeTruthy();
    expect(screen.getByText('Cat Moss pays Ann Lee £7.50')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Record payment: Cat Moss pays Ann Lee £7.50' }));
    expect(onRecordPayment).toHaveBeenCalledWith(balances.plan[1]);
  });

  it('offers Record payment only on transfers you pay or receive', () => {
    renderInApp(<WhoOwesWhom balances={balances} yourMemberId={BOB_MEMBER} onRecordPayment={jest.fn()} />);
    expect(screen.getByRole('button', { name: 'Record payment: Bob Hart pays Ann Lee £12.50' })).toBeTruthy();
    expect(screen.getByText('Cat Moss pays Ann Lee £7.50')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Record payment: Cat Moss pays Ann Lee £7.50' })).toBeNull();
  });

  it('says when everyone is settled up', () => {
    renderInApp(
      <WhoOwesWhom
        balances={{ positions: balances.positions.map((p) => ({ ...p, netPence: 0 })), plan: [] }}
        yourMemberId={ANN_MEMBER}
        onRecordPayment={jest.fn()}
      />,
    );
    expect(screen.getAllByText('settled up')).toHaveLength(3);
    expect(screen.getByText('Everyone is settled up.')).toBeTruthy();
  });
});
