import { screen, waitFor } from '@testing-library/react';

import { ANN_MEMBER, BOB_MEMBER, CAT_MEMBER, POT_ID } from '../../test/factories';
import { json, mockFetch, pathOf, problem } from '../../test/fetch-mock';
import { renderInApp } from '../../test/render';
import { WhoOwesWhom, type WhoOwesWhomProps } from './who-owes-whom';

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
  remindedToday: [],
};

const renderPlan = (props: Partial<WhoOwesWhomProps> = {}) =>
  renderInApp(
    <WhoOwesWhom
      potId={POT_ID}
      balances={balances}
      yourMemberId={ANN_MEMBER}
      isOwner={false}
      onRecordPayment={jest.fn()}
      {...props}
    />,
  );

describe('WhoOwesWhom', () => {
  it("shows each member's position: green 'is owed', red 'owes', 'settled up'", () => {
    renderPlan({
      balances: {
        ...balances,
        positions: [
          ...balances.positions.slice(0, 2),
          { memberId: CAT_MEMBER, name: 'Cat Moss', netPence: 0 },
        ],
      },
    });

    expect(screen.getByText('Ann Lee (you)')).toBeTruthy();
    expect(screen.getByText('is owed £20.00').className).toContain('position-owed');
    expect(screen.getByText('owes £12.50').className).toContain('position-owes');
    expect(screen.getByText('settled up').className).toContain('position-settled');
  });

  it("lists the settle-up plan as 'A pays B £x', each you are in with Record payment", async () => {
    const onRecordPayment = jest.fn();
    const { user } = renderPlan({ onRecordPayment });

    expect(screen.getByText('Bob Hart pays Ann Lee £12.50')).toBeTruthy();
    expect(screen.getByText('Cat Moss pays Ann Lee £7.50')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Record payment: Cat Moss pays Ann Lee £7.50' }));
    expect(onRecordPayment).toHaveBeenCalledWith(balances.plan[1]);
  });

  it('offers Record payment only on transfers you pay or receive', () => {
    renderPlan({ yourMemberId: BOB_MEMBER });
    expect(screen.getByRole('button', { name: 'Record payment: Bob Hart pays Ann Lee £12.50' })).toBeTruthy();
    expect(screen.getByText('Cat Moss pays Ann Lee £7.50')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Record payment: Cat Moss pays Ann Lee £7.50' })).toBeNull();
  });

  it('says when everyone is settled up', () => {
    renderPlan({
      balances: {
        positions: balances.positions.map((p) => ({ ...p, netPence: 0 })),
        plan: [],
        remindedToday: [],
      },
    });
    expect(screen.getAllByText('settled up')).toHaveLength(3);
    expect(screen.getByText('Everyone is settled up.')).toBeTruthy();
  });

  describe('Remind', () => {
    const remindButtons = () => screen.queryAllByRole('button', { name: /^Remind / });

    it('is offered to the person owed on each debt to them, and to the owner on every debt but their own', () => {
      const { unmount } = renderPlan();
      expect(remindButtons().map((button) => button.getAttribute('aria-label'))).toEqual([
        'Remind Bob Hart: Bob Hart pays Ann Lee £12.50',
        'Remind Cat Moss: Cat Moss pays Ann Lee £7.50',
      ]);
      unmount();

      // Bob owes: he reminds nobody of his own debt, nor Cat of hers (it is Ann's to ask).
      const bob = renderPlan({ yourMemberId: BOB_MEMBER });
      expect(remindButtons()).toEqual([]);
      bob.unmount();

      // Cat, as the owner, may chase Bob's debt to Ann, never her own.
      const owner = renderPlan({ yourMemberId: CAT_MEMBER, isOwner: true });
      expect(remindButtons().map((button) => button.getAttribute('aria-label'))).toEqual([
        'Remind Bob Hart: Bob Hart pays Ann Lee £12.50',
      ]);
      owner.unmount();

      renderPlan({ archived: true });
      expect(remindButtons()).toEqual([]);
    });

    it('e-mails the debtor through the API and says so', async () => {
      const fetchMock = mockFetch(() =>
        json(
          { fromMemberId: BOB_MEMBER, toMemberId: ANN_MEMBER, debtorName: 'Bob Hart', amountPence: 1250 },
          201,
        ),
      );
      const { user } = renderPlan();

      await user.click(screen.getByRole('button', { name: 'Remind Bob Hart: Bob Hart pays Ann Lee £12.50' }));

      expect(await screen.findByText('Bob Hart will get an e-mail about the £12.50 they owe.')).toBeTruthy();
      const [request] = fetchMock.requests;
      expect(request.method).toBe('POST');
      expect(pathOf(request)).toBe(`/api/pots/${POT_ID}/reminders`);
      expect(await request.json()).toEqual({ fromMemberId: BOB_MEMBER, toMemberId: ANN_MEMBER });
    });

    it("shows a debt reminded today as 'Reminded today' until tomorrow", () => {
      renderPlan({
        balances: { ...balances, remindedToday: [{ fromMemberId: BOB_MEMBER, toMemberId: ANN_MEMBER }] },
      });
      const reminded = screen.getByRole('button', { name: 'Reminded today: Bob Hart pays Ann Lee £12.50' });
      expect(reminded).toHaveProperty('disabled', true);
      expect(reminded.textContent).toBe('Reminded today');
      expect(
        screen.getByText('Bob Hart was e-mailed today. You can remind Bob Hart again tomorrow.'),
      ).toBeTruthy();
      expect(
        screen.getByRole('button', { name: 'Remind Cat Moss: Cat Moss pays Ann Lee £7.50' }),
      ).toHaveProperty('disabled', false);
    });

    it("tells you when someone else reminded them first (429: 'again tomorrow')", async () => {
      mockFetch(() =>
        problem(429, 'You can remind Bob Hart again tomorrow.', { title: 'Already reminded today' }),
      );
      const { user } = renderPlan();

      await user.click(screen.getByRole('button', { name: 'Remind Bob Hart: Bob Hart pays Ann Lee £12.50' }));

      await waitFor(() => expect(screen.getByText('Already reminded today')).toBeTruthy());
      expect(screen.getByText('You can remind Bob Hart again tomorrow.')).toBeTruthy();
    });
  });
});
