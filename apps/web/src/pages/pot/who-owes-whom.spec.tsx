import { screen, waitFor, within } from '@testing-library/react';

import { ANN_MEMBER, aPotDetail, BOB_MEMBER, CAT_MEMBER, POT_ID } from '../../test/factories';
import { json, mockFetch, pathOf, problem } from '../../test/fetch-mock';
import { renderInApp } from '../../test/render';
import { WhoOwesWhom, type WhoOwesWhomProps } from './who-owes-whom';

const balances = {
  positions: [
    { memberId: ANN_MEMBER, name: 'Ann Lee', netPence: 2000, putInPence: 0 },
    { memberId: BOB_MEMBER, name: 'Bob Hart', netPence: -1250, putInPence: 0 },
    { memberId: CAT_MEMBER, name: 'Cat Moss', netPence: -750, putInPence: 0 },
  ],
  plan: [
    { fromMemberId: BOB_MEMBER, toMemberId: ANN_MEMBER, amountPence: 1250 },
    { fromMemberId: CAT_MEMBER, toMemberId: ANN_MEMBER, amountPence: 750 },
  ],
  potPlan: [],
  remindedToday: [],
};

const renderPlan = (props: Partial<WhoOwesWhomProps> = {}) =>
  renderInApp(
    <WhoOwesWhom
      potId={POT_ID}
      balances={balances}
      yourMemberId={ANN_MEMBER}
      isOwner={false}
      rules={aPotDetail().rules}
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
          { memberId: CAT_MEMBER, name: 'Cat Moss', netPence: 0, putInPence: 0 },
        ],
      },
    });

    expect(screen.getByText('Ann Lee (you)')).toBeVisible();
    expect(screen.getByText('is owed £20.00').className).toContain('position-owed');
    expect(screen.getByText('owes £12.50').className).toContain('position-owes');
    expect(screen.getByText('settled up').className).toContain('position-settled');
  });

  it("lists the settle-up plan as 'A pays B £x', each you are in with Record payment", async () => {
    const onRecordPayment = jest.fn();
    const { user } = renderPlan({ onRecordPayment });

    expect(screen.getByText('Bob Hart pays Ann Lee £12.50')).toBeVisible();
    expect(screen.getByText('Cat Moss pays Ann Lee £7.50')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Record payment: Cat Moss pays Ann Lee £7.50' }));
    expect(onRecordPayment).toHaveBeenCalledWith(balances.plan[1]);
  });

  it('offers Record payment only on transfers you pay or receive', () => {
    renderPlan({ yourMemberId: BOB_MEMBER });
    expect(
      screen.getByRole('button', { name: 'Record payment: Bob Hart pays Ann Lee £12.50' }),
    ).toBeVisible();
    expect(screen.getByText('Cat Moss pays Ann Lee £7.50')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Record payment: Cat Moss pays Ann Lee £7.50' })).toBeNull();
  });

  it('counts what Ann put into the pot for her: Bob and Cat pay her back, and so does the pot with what is left', () => {
    renderPlan({
      balances: {
        positions: [
          { memberId: ANN_MEMBER, name: 'Ann Lee', netPence: 2100, putInPence: 3000 },
          { memberId: BOB_MEMBER, name: 'Bob Hart', netPence: -900, putInPence: 0 },
          { memberId: CAT_MEMBER, name: 'Cat Moss', netPence: -900, putInPence: 0 },
        ],
        plan: [
          { fromMemberId: BOB_MEMBER, toMemberId: ANN_MEMBER, amountPence: 900 },
          { fromMemberId: CAT_MEMBER, toMemberId: ANN_MEMBER, amountPence: 900 },
        ],
        potPlan: [{ memberId: ANN_MEMBER, direction: 'from_pot', amountPence: 300 }],
        remindedToday: [],
      },
    });
    expect(screen.getByText('put in £30.00 ·')).toBeVisible();
    expect(screen.getByText('is owed £21.00')).toBeVisible();
    expect(screen.getByText('Bob Hart pays Ann Lee £9.00')).toBeVisible();
    expect(screen.getByText('The pot pays Ann Lee back £3.00')).toBeVisible();
    expect(screen.getByText("It is Ann Lee's money: a withdrawal from the pot pays it back.")).toBeVisible();
    expect(screen.queryByText('Everyone is settled up.')).toBeNull();
  });

  it('asks whoever used more of the pot than they put in to pay into it when debts are not simplified', () => {
    renderPlan({
      balances: {
        ...balances,
        plan: [],
        potPlan: [{ memberId: BOB_MEMBER, direction: 'into_pot', amountPence: 900 }],
      },
    });
    expect(screen.getByText('Bob Hart pays £9.00 into the pot')).toBeVisible();
  });

  it('says when everyone is settled up', () => {
    renderPlan({
      balances: {
        positions: balances.positions.map((p) => ({ ...p, netPence: 0 })),
        plan: [],
        potPlan: [],
        remindedToday: [],
      },
    });
    expect(screen.getAllByText('settled up')).toHaveLength(3);
    expect(screen.getByText('Everyone is settled up.')).toBeVisible();
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

      const archived = renderPlan({ archived: true });
      expect(remindButtons()).toEqual([]);
      archived.unmount();

      // A guest without an e-mail cannot be reminded by Kitty.
      renderPlan({ unreachable: [BOB_MEMBER] });
      expect(remindButtons().map((button) => button.getAttribute('aria-label'))).toEqual([
        'Remind Cat Moss: Cat Moss pays Ann Lee £7.50',
      ]);
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

      expect(await screen.findByText('Bob Hart will get an e-mail about the £12.50 they owe.')).toBeVisible();
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
      expect(reminded).toBeDisabled();
      expect(reminded.textContent).toBe('Reminded today');
      expect(
        screen.getByText('Bob Hart was e-mailed today. You can remind Bob Hart again tomorrow.'),
      ).toBeVisible();
      expect(
        screen.getByRole('button', { name: 'Remind Cat Moss: Cat Moss pays Ann Lee £7.50' }),
      ).toBeEnabled();
    });

    it("tells you when someone else reminded them first (429: 'again tomorrow')", async () => {
      mockFetch(() =>
        problem(429, 'You can remind Bob Hart again tomorrow.', { title: 'Already reminded today' }),
      );
      const { user } = renderPlan();

      await user.click(screen.getByRole('button', { name: 'Remind Bob Hart: Bob Hart pays Ann Lee £12.50' }));

      await waitFor(() => expect(screen.getByText('Already reminded today')).toBeVisible());
      expect(screen.getByText('You can remind Bob Hart again tomorrow.')).toBeVisible();
    });
  });

  describe('Simplify debts', () => {
    it('lets the owner of an open pot switch it off, keeping the other rules as they are', async () => {
      const fetchMock = mockFetch(() => json(aPotDetail()));
      const { user } = renderPlan({ isOwner: true });
      const toggle = screen.getByRole('switch', { name: 'Simplify debts' });
      expect(toggle.getAttribute('aria-checked')).toBe('true');
      expect(
        screen.getByText('Debts are simplified: the fewest payments that settle everyone.'),
      ).toBeVisible();

      await user.click(toggle);

      expect(await screen.findByText('Debts no longer simplified')).toBeVisible();
      const [request] = fetchMock.requests;
      expect(request.method).toBe('PATCH');
      expect(pathOf(request)).toBe(`/api/pots/${POT_ID}/rules`);
      expect(await request.json()).toEqual({
        withdrawRule: 'owner',
        spendRule: 'members',
        approvalAbovePence: 5000,
        simplifyDebts: false,
      });
    });

    it('only tells members, and the owner of an archived pot, which it is', () => {
      const { unmount } = renderPlan({ rules: { ...aPotDetail().rules, simplifyDebts: false } });
      expect(screen.queryByRole('switch')).toBeNull();
      expect(
        screen.getByText('Debts are not simplified: everyone pays back exactly whom they owe.'),
      ).toBeVisible();
      unmount();
      renderPlan({ isOwner: true, archived: true });
      expect(screen.queryByRole('switch')).toBeNull();
    });
  });

  describe('Why?', () => {
    it('shows the expenses and payments behind a transfer', async () => {
      const fetchMock = mockFetch(() =>
        json({
          fromMemberId: BOB_MEMBER,
          toMemberId: ANN_MEMBER,
          simplified: true,
          directPence: 1250,
          items: [
            { kind: 'payment', id: BOB_MEMBER, description: null, day: '2026-11-20', amountPence: -500 },
            { kind: 'expense', id: ANN_MEMBER, description: 'Dinner', day: '2026-11-18', amountPence: 1750 },
          ],
          earlierPence: 0,
          passedOnPence: 0,
          fromNetPence: -1250,
          toNetPence: 2000,
        }),
      );
      const { user } = renderPlan();

      await user.click(screen.getByRole('button', { name: 'Why: Bob Hart pays Ann Lee £12.50' }));

      expect(await screen.findByText('Between the two of them, Bob Hart owes Ann Lee £12.50')).toBeVisible();
      const items = within(screen.getByRole('list', { name: 'Expenses and payments behind it' }));
      expect(items.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
        '20 Nov 2026 Bob Hart paid Ann Lee −£5.00',
        "18 Nov 2026 Dinner: Bob Hart's share of what Ann Lee paid +£17.50",
      ]);
      expect(screen.getByText(/Bob Hart owes £12.50 in all and Ann Lee is owed £20.00 in all/)).toBeVisible();
      expect(pathOf(fetchMock.requests[0])).toBe(
        `/api/pots/${POT_ID}/plan/${BOB_MEMBER}/${ANN_MEMBER}/explanation`,
      );
    });

    it('says when the explanation cannot be loaded, with a way to try again', async () => {
      mockFetch(() => problem(503, 'Please try again in a moment.'));
      const { user } = renderPlan();
      await user.click(screen.getByRole('button', { name: 'Why: Cat Moss pays Ann Lee £7.50' }));
      expect(await screen.findByText('Could not load the explanation')).toBeVisible();
      expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
    });
  });
});
