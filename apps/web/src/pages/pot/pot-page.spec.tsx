import { screen, waitFor, within } from '@testing-library/react';

import { AppRoutes } from '../../app/app-routes';
import { aWallet } from '../../money/test-support';
import {
  aMember,
  anExpense,
  ANN_MEMBER,
  aPotDetail,
  BOB_MEMBER,
  CAT_MEMBER,
  POT_ID,
  settledBalances,
  signedInState,
  threeMembers,
} from '../../test/factories';
import { json, mockFetch, noContent, pathOf, problem } from '../../test/fetch-mock';
import { renderInApp } from '../../test/render';

const location = () => screen.getByTestId('location').textContent;

/** Signed in as Bob Hart, a member (not the owner) of the pot. */
const bobsSession = () =>
  signedInState({
    id: 'user-2',
    email: 'bob@example.com',
    fullName: 'Bob Hart',
    emailVerified: true,
    residency: null,
  });

const owed = {
  positions: [
    { memberId: ANN_MEMBER, name: 'Ann Lee', netPence: 2000, putInPence: 0 },
    { memberId: BOB_MEMBER, name: 'Bob Hart', netPence: -1000, putInPence: 0 },
    { memberId: CAT_MEMBER, name: 'Cat Moss', netPence: -1000, putInPence: 0 },
  ],
  plan: [
    { fromMemberId: BOB_MEMBER, toMemberId: ANN_MEMBER, amountPence: 1000 },
    { fromMemberId: CAT_MEMBER, toMemberId: ANN_MEMBER, amountPence: 1000 },
  ],
  potPlan: [],
  remindedToday: [],
};

/** The pot's reads; `override` answers first when it returns something. */
function potApi(
  { pot = aPotDetail(), balances = settledBalances, expenses = [anExpense()] } = {},
  override?: (request: Request) => Response | undefined,
) {
  return mockFetch(async (request) => {
    const answer = override?.(request);
    if (answer) return answer;
    const path = pathOf(request);
    if (path === '/api/active-pot') return json({ potId: POT_ID, updatedAt: null });
    if (path === '/api/pots' || path === '/api/pots/archived') return json([]);
    // Home (where a missing pot sends you) also reads the wallet and the card: a new user has no card.
    if (path === '/api/wallet') return json(aWallet());
    if (path === '/api/cards/current') return problem(404, 'You have no virtual card yet.');
    if (path.endsWith('/balances')) return json(balances);
    if (path.endsWith('/expenses')) return json(expenses);
    if (path.endsWith('/settlements') || path.endsWith('/recurring-expenses')) return json([]);
    if (path.endsWith('/withdrawal-approvals')) return json([]);
    if (path.endsWith('/activity')) {
      return json([
        {
          id: 'a1',
          type: 'expense.created',
          actorName: 'Ann Lee',
          summary: 'Ann Lee added Dinner (£30.00)',
          createdAt: '2026-03-03T19:00:00Z',
        },
      ]);
    }
    return json(pot);
  });
}

describe('pot page', () => {
  it('shows the balance, members (first labelled Owner), stats, expenses, who owes whom and activity', async () => {
    potApi({
      pot: aPotDetail({
        // £30 spent from the pot and £12 paid by Bob himself.
        stats: {
          totalTransactions: 5,
          totalAddedPence: 10000,
          totalSpentPence: 4200,
          paidByMembersPence: 1200,
        },
        contributions: [
          { memberId: ANN_MEMBER, name: 'Ann Lee', addedPence: 10000, paidPence: 0, sharePence: 1400 },
          { memberId: BOB_MEMBER, name: 'Bob Hart', addedPence: 0, paidPence: 1200, sharePence: 1400 },
          { memberId: CAT_MEMBER, name: 'Cat Moss', addedPence: 0, paidPence: 0, sharePence: 1400 },
        ],
        spendingByCategory: [
          { category: 'groceries', amountPence: 3000 },
          { category: 'food', amountPence: 1200 },
        ],
        transactions: [
          {
            id: 't1',
            type: 'debit',
            description: 'Groceries',
            member: 'Ann Lee',
            date: '2026-03-03T10:00:00Z',
            amountPence: 3000,
          },
        ],
      }),
      balances: owed,
    });
    renderInApp(<AppRoutes />, { route: `/pot/${POT_ID}`, session: signedInState() });

    expect(await screen.findByRole('heading', { name: /Lisbon trip/ })).toBeVisible();
    expect(screen.getByText('£1,234.56')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Statement' }).getAttribute('href')).toBe(
      `/pot/${POT_ID}/statement`,
    );
    expect(screen.getByText('Active pot')).toBeVisible();
    expect(screen.getByTestId('card-pot')).toHaveTextContent(
      'Card payments come from this pot: it is your active pot.',
    );

    const members = within(screen.getByRole('list', { name: 'Members' }));
    expect(members.getAllByRole('listitem')).toHaveLength(3);
    expect(within(members.getAllByRole('listitem')[0]).getByText('Owner')).toBeVisible();
    expect(members.getAllByText('Owner')).toHaveLength(1);

    expect(screen.getByText('Total transactions').nextSibling?.textContent).toBe('5');
    expect(screen.getByText('Total added').nextSibling?.textContent).toBe('£100.00');
    expect(screen.getByText('Total spent').nextSibling?.textContent).toBe('£42.00');
    expect(screen.getByText('Of which £12.00 paid by members themselves.')).toBeVisible();
    // The chart's 'put in' counts what Bob paid himself for the group (its table, for screen readers).
    const bob = await screen.findByRole('rowheader', { name: 'Bob Hart' });
    expect(
      within(bob.closest('tr') as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['£12.00', '£14.00']);

    const categories = within(
      screen.getByRole('heading', { name: 'Spending by category' }).closest('section') as HTMLElement,
    );
    expect(categories.getAllByRole('listitem').map((row) => row.textContent)).toEqual([
      'Groceries£30.00',
      'Food and drink£12.00',
    ]);

    expect(screen.getAllByText('Groceries').length).toBeGreaterThan(0);
    expect(screen.getByText(/Paid by Ann Lee · Food and drink/)).toBeVisible();
    expect(
      await screen.findByText('Split equally: Ann Lee £10.00, Bob Hart £10.00, Cat Moss £10.00'),
    ).toBeVisible();
    expect(screen.getByText(/Paid by Ann Lee/)).toBeVisible();
    expect(await screen.findByText('is owed £20.00')).toBeVisible();
    expect(screen.getAllByText('owes £10.00')).toHaveLength(2);
    expect(screen.getByText('Bob Hart pays Ann Lee £10.00')).toBeVisible();
    expect(await screen.findByText('Ann Lee added Dinner (£30.00)')).toBeVisible();
    expect(screen.getByRole('button', { name: /Add Funds/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: /Withdraw/ })).toBeVisible();
  });

  it('shows an archived pot as archived: a notice, nothing new can be added, the owner can still withdraw', async () => {
    potApi({ pot: aPotDetail({ isActive: false }) });
    renderInApp(<AppRoutes />, { route: `/pot/${POT_ID}?action=expense`, session: signedInState() });

    expect(await screen.findByText('This pot is archived')).toBeVisible();
    expect(screen.getByText(/You can still withdraw what is left in it/)).toBeVisible();
    expect(screen.getByRole('button', { name: /Withdraw/ })).toBeVisible();
    for (const name of [
      /Add Funds/,
      /Spend Funds/,
      /Add Expense/,
      /Invite Members/,
      /Archive pot/,
      /Set as active/,
    ])
      expect(screen.queryByRole('button', { name })).toBeNull();
    await waitFor(() => expect(location()).toBe(`/pot/${POT_ID}`));
    expect(screen.queryByRole('dialog', { name: 'Add Expense' })).toBeNull();
  });

  it('goes home when the pot does not exist or is not visible (404)', async () => {
    potApi({}, (request) =>
      pathOf(request) === `/api/pots/${POT_ID}`
        ? problem(404, 'This pot does not exist or you are not a member.', { title: 'Pot not found' })
        : undefined,
    );
    renderInApp(<AppRoutes />, { route: `/pot/${POT_ID}`, session: signedInState() });

    await waitFor(() => expect(location()).toBe('/'));
    expect(await screen.findByText('Pot not found')).toBeVisible();
  });

  it('keeps the page and its open dialog when a background re-read of the pot fails', async () => {
    let potReads = 0;
    potApi({}, (request) => {
      const path = pathOf(request);
      if (path === `/api/pots/${POT_ID}/invitations` && request.method === 'POST')
        return json(
          {
            id: 'i0000000-0000-4000-8000-000000000009',
            inviteUrl: 'http://localhost/invite/abc',
            expiresAt: '2026-03-10T10:00:00Z',
          },
          201,
        );
      // The first read succeeds; the re-read after the invitation meets a service restarting.
      if (path === `/api/pots/${POT_ID}` && (potReads += 1) > 1)
        return problem(503, 'Please try again in a moment.', { title: 'Service unavailable' });
      return undefined;
    });
    const { user } = renderInApp(<AppRoutes />, { route: `/pot/${POT_ID}`, session: signedInState() });

    await user.click(await screen.findByRole('button', { name: /Invite Members/ }));
    const dialog = await screen.findByRole('dialog', { name: /Invite people/ });
    await user.type(within(dialog).getByLabelText('Name'), 'Dan Roe');
    await user.type(within(dialog).getByLabelText('Email'), 'dan@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));

    expect(await screen.findByText('Could not refresh the pot')).toBeVisible();
    expect(potReads).toBe(2);
    expect((within(dialog).getByLabelText('Invitation link') as HTMLInputElement).value).toBe(
      'http://localhost/invite/abc',
    );
    expect(location()).toBe(`/pot/${POT_ID}`);
  });

  it('shows an archived pot read-only, and lets its owner restore it', async () => {
    const fetchMock = potApi({ pot: aPotDetail({ isActive: false }) }, (request) =>
      request.method === 'PATCH' ? json(aPotDetail({ isActive: true })) : undefined,
    );
    const { user } = renderInApp(<AppRoutes />, { route: `/pot/${POT_ID}`, session: signedInState() });

    expect(await screen.findByText('This pot is archived')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Add Expense/ })).toBeNull();
    // Its expenses are listed, but nothing offers a change the server would refuse with 'Pot archived'.
    await screen.findByRole('list', { name: 'Expenses' });
    for (const name of [/^Edit /, /^Delete /, /receipt/i])
      expect(screen.queryByRole('button', { name })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Restore pot' }));

    expect(await screen.findByText('Pot restored')).toBeVisible();
    const patch = fetchMock.requests.find((request) => request.method === 'PATCH');
    expect(patch && pathOf(patch)).toBe(`/api/pots/${POT_ID}`);
    expect(await patch?.json()).toEqual({ isActive: true });
  });

  it('warns before changing or deleting an expense a later payment settled', async () => {
    const repaid = {
      id: 's0000000-0000-4000-8000-000000000001',
      fromMemberId: BOB_MEMBER,
      toMemberId: ANN_MEMBER,
      amountPence: 1000,
      paidWithKitty: false,
      status: 'confirmed',
      awaitingMemberId: null,
      createdByName: 'Ann Lee',
      // After the Dinner (2026-03-03T19:00Z) it was part of.
      createdAt: '2026-03-04T09:00:00Z',
    };
    potApi({}, (request) => (pathOf(request).endsWith('/settlements') ? json([repaid]) : undefined));
    const { user } = renderInApp(<AppRoutes />, { route: `/pot/${POT_ID}`, session: signedInState() });

    await user.click(await screen.findByRole('button', { name: 'Delete Dinner' }));
    expect(
      await screen.findByText('A payment was recorded after it: deleting it changes who owes whom again.'),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Edit Dinner' }));
    // (The warning's own title shares the test renderer's fixed id, so the dialog is found by its text.)
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Edit expense')).toBeVisible();
    expect(dialog.getByText('A payment was recorded after this expense')).toBeVisible();
  });

  it('opens Add Expense straight away from /pot-summary (?action=expense)', async () => {
    potApi();
    renderInApp(<AppRoutes />, { route: `/pot/${POT_ID}?action=expense`, session: signedInState() });

    expect(await screen.findByRole('dialog', { name: 'Add Expense' })).toBeVisible();
    await waitFor(() => expect(location()).toBe(`/pot/${POT_ID}`));
  });

  it("records a payment from the settle-up plan: 'Success!'", async () => {
    const fetchMock = potApi({ balances: owed }, (request) =>
      request.method === 'POST'
        ? json(
            { id: 's1', fromMemberId: BOB_MEMBER, toMemberId: ANN_MEMBER, amountPence: 500, createdAt: '' },
            201,
          )
        : undefined,
    );
    const { user } = renderInApp(<AppRoutes />, { route: `/pot/${POT_ID}`, session: signedInState() });

    await user.click(
      await screen.findByRole('button', { name: 'Record payment: Bob Hart pays Ann Lee £10.00' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Record payment' }));
    const amount = dialog.getByLabelText('Amount');
    expect((amount as HTMLInputElement).value).toBe('10.00');
    await user.clear(amount);
    await user.type(amount, '5');
    await user.click(dialog.getByRole('button', { name: 'Record payment' }));

    expect(await screen.findByText('Success!')).toBeVisible();
    const post = fetchMock.requests.find((request) => request.method === 'POST')!;
    expect(pathOf(post)).toBe(`/api/pots/${POT_ID}/settlements`);
    expect(await post.json()).toEqual({ fromMemberId: BOB_MEMBER, toMemberId: ANN_MEMBER, amountPence: 500 });
    // The balances are read again after the write.
    await waitFor(() =>
      expect(fetchMock.requests.filter((request) => pathOf(request).endsWith('/balances')).length).toBe(2),
    );
  });

  it('lets the payer pay a debt from their Kitty wallet', async () => {
    const annOwes = {
      positions: owed.positions.map((position) => ({ ...position, netPence: -position.netPence })),
      plan: [{ fromMemberId: ANN_MEMBER, toMemberId: BOB_MEMBER, amountPence: 1000 }],
      potPlan: [],
      remindedToday: [],
    };
    const fetchMock = potApi({ balances: annOwes }, (request) => {
      if (pathOf(request) === '/api/wallet') {
        return json({ balancePence: 5000, withdrawablePence: 5000, payoutAccount: null, updatedAt: null });
      }
      return request.method === 'POST'
        ? json(
            { id: 's1', fromMemberId: ANN_MEMBER, toMemberId: BOB_MEMBER, amountPence: 1000, createdAt: '' },
            201,
          )
        : undefined;
    });
    const { user } = renderInApp(<AppRoutes />, { route: `/pot/${POT_ID}`, session: signedInState() });

    await user.click(
      await screen.findByRole('button', { name: 'Record payment: Ann Lee pays Bob Hart £10.00' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Record payment' }));
    await user.click(await dialog.findByLabelText('Pay now from my Kitty wallet (£50.00 available)'));
    await user.click(await dialog.findByRole('button', { name: 'Pay with Kitty' }));

    expect(await screen.findByText('You paid Bob Hart £10.00 from your Kitty wallet.')).toBeVisible();
    const post = fetchMock.requests.find((request) => request.method === 'POST')!;
    expect(await post.json()).toEqual({
      fromMemberId: ANN_MEMBER,
      toMemberId: BOB_MEMBER,
      amountPence: 1000,
      payWithKitty: true,
    });
  });

  it('does not let the payer choose an empty Kitty wallet', async () => {
    const annOwes = {
      positions: owed.positions.map((position) => ({ ...position, netPence: -position.netPence })),
      plan: [{ fromMemberId: ANN_MEMBER, toMemberId: BOB_MEMBER, amountPence: 1000 }],
      potPlan: [],
      remindedToday: [],
    };
    potApi({ balances: annOwes }, (request) =>
      pathOf(request) === '/api/wallet'
        ? json({ balancePence: 0, withdrawablePence: 0, payoutAccount: null, updatedAt: null })
        : undefined,
    );
    const { user } = renderInApp(<AppRoutes />, { route: `/pot/${POT_ID}`, session: signedInState() });
    await user.click(
      await screen.findByRole('button', { name: 'Record payment: Ann Lee pays Bob Hart £10.00' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Record payment' }));
    const kitty = await dialog.findByLabelText('Pay now from my Kitty wallet (empty: add funds first)');
    expect(kitty).toBeDisabled();
  });

  it('only records a payment to a guest: a guest has no Kitty wallet to pay into', async () => {
    const annOwes = {
      positions: owed.positions.map((position) => ({ ...position, netPence: -position.netPence })),
      plan: [{ fromMemberId: ANN_MEMBER, toMemberId: BOB_MEMBER, amountPence: 1000 }],
      potPlan: [],
      remindedToday: [],
    };
    const guestBob = threeMembers.map((member) =>
      member.id === BOB_MEMBER ? { ...member, userId: null, role: 'guest' as const } : member,
    );
    const fetchMock = potApi({ pot: aPotDetail({ members: guestBob }), balances: annOwes });
    const { user } = renderInApp(<AppRoutes />, { route: `/pot/${POT_ID}`, session: signedInState() });
    await user.click(
      await screen.findByRole('button', { name: 'Record payment: Ann Lee pays Bob Hart £10.00' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Record payment' }));
    expect(dialog.getByText(/Record it once the money has changed hands/)).toBeVisible();
    expect(dialog.queryByText('How are you paying?')).toBeNull();
    expect(fetchMock.requests.some((request) => pathOf(request) === '/api/wallet')).toBe(false);
  });

  it('lets the owner remove a member, and shows why the server refused', async () => {
    potApi({}, (request) =>
      request.method === 'DELETE'
        ? problem(409, 'Bob Hart still has a balance of £10.00. Settle up before removing them.', {
            title: 'Balance outstanding',
          })
        : undefined,
    );
    const { user } = renderInApp(<AppRoutes />, { route: `/pot/${POT_ID}`, session: signedInState() });

    await user.click(await screen.findByRole('button', { name: 'Remove Bob Hart' }));
    await user.click(await screen.findByRole('button', { name: 'Remove' }));

    expect(await screen.findByText('Balance outstanding')).toBeVisible();
    expect(
      screen.getByText('Bob Hart still has a balance of £10.00. Settle up before removing them.'),
    ).toBeVisible();
  });

  it('deletes an expense after confirming', async () => {
    const fetchMock = potApi({}, (request) => (request.method === 'DELETE' ? noContent() : undefined));
    const { user } = renderInApp(<AppRoutes />, { route: `/pot/${POT_ID}`, session: signedInState() });

    await user.click(await screen.findByRole('button', { name: 'Delete Dinner' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Expense deleted')).toBeVisible();
    expect(pathOf(fetchMock.requests.find((request) => request.method === 'DELETE')!)).toBe(
      `/api/pots/${POT_ID}/expenses/${anExpense().id}`,
    );
  });

  it("hides the owner's actions from a member, and expense actions on others' expenses", async () => {
    potApi({
      pot: aPotDetail({ yourRole: 'member', yourMemberId: BOB_MEMBER }),
      expenses: [anExpense({ createdBy: 'user-1' })],
    });
    renderInApp(<AppRoutes />, {
      route: `/pot/${POT_ID}`,
      session: bobsSession(),
    });

    expect(await screen.findByText('Dinner')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Invite Members/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove Cat Moss' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Dinner' })).toBeNull();
    expect(screen.getByRole('button', { name: /Spend Funds/ })).toBeVisible();
  });

  it('lets a member invite when the rules allow it, and shows them the invitations they sent', async () => {
    const pot = aPotDetail({
      yourRole: 'member',
      yourMemberId: BOB_MEMBER,
      rules: { ...aPotDetail().rules, inviteRule: 'members' },
      pendingInvitations: [
        {
          id: 'i0000000-0000-4000-8000-000000000001',
          name: 'Dan Roe',
          email: 'dan@example.com',
          expiresAt: '2026-03-10T10:00:00Z',
          createdAt: '2026-03-03T10:00:00Z',
        },
      ],
    });
    potApi({ pot });
    const { user } = renderInApp(<AppRoutes />, {
      route: `/pot/${POT_ID}`,
      session: bobsSession(),
    });

    const invitations = await screen.findByRole('list', { name: 'Pending invitations' });
    expect(within(invitations).getByText('Dan Roe')).toBeVisible();
    expect(
      within(invitations).getByRole('button', { name: 'Revoke the invitation to Dan Roe' }),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: /Invite Members/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Email')).toBeVisible();
    expect(within(dialog).queryByText(/can invite people/)).toBeNull();
  });

  it('shows guests, and lets whoever may invite add one or invite one who has an e-mail', async () => {
    const sam = aMember({
      id: 'a0000000-0000-4000-8000-000000000004',
      userId: null,
      name: 'Sam',
      email: 'sam@example.com',
      role: 'guest',
    });
    const kim = aMember({
      id: 'a0000000-0000-4000-8000-000000000005',
      userId: null,
      name: 'Kim',
      email: '',
      role: 'guest',
    });
    potApi({ pot: aPotDetail({ members: [...threeMembers, sam, kim] }) });
    const { user } = renderInApp(<AppRoutes />, { route: `/pot/${POT_ID}`, session: signedInState() });

    const members = within(await screen.findByRole('list', { name: 'Members' }));
    expect(members.getAllByText('Guest')).toHaveLength(2);
    expect(members.getByText('Guest, no e-mail')).toBeVisible();
    expect(members.queryByRole('button', { name: 'Invite Kim' })).toBeNull();

    await user.click(members.getByRole('button', { name: 'Invite Sam' }));
    const invite = await screen.findByRole('dialog', { name: /Invite people/ });
    expect((within(invite).getByLabelText('Name') as HTMLInputElement).value).toBe('Sam');
    expect((within(invite).getByLabelText('Email') as HTMLInputElement).value).toBe('sam@example.com');
    await user.click(within(invite).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Add a guest' }));
    expect(await screen.findByRole('dialog', { name: 'Add a guest' })).toBeVisible();
  });

  describe('Leave pot', () => {
    const bob = bobsSession();
    const asBob = aPotDetail({ yourRole: 'member', yourMemberId: BOB_MEMBER });

    it('lets a settled member leave after confirming, and goes home', async () => {
      const fetchMock = potApi({ pot: asBob }, (request) =>
        request.method === 'POST' && pathOf(request).endsWith('/leave') ? noContent() : undefined,
      );
      const { user } = renderInApp(<AppRoutes />, { route: `/pot/${POT_ID}`, session: bob });

      const leave = await screen.findByRole('button', { name: /Leave pot/ });
      await waitFor(() => expect(leave).toBeEnabled());
      await user.click(leave);
      await user.click(await screen.findByRole('button', { name: 'Leave' }));

      expect(await screen.findByText('You left the pot')).toBeVisible();
      await waitFor(() => expect(location()).toBe('/'));
      const post = fetchMock.requests.find((request) => request.method === 'POST')!;
      expect(pathOf(post)).toBe(`/api/pots/${POT_ID}/leave`);
    });

    it('is disabled with the reason while the member owes or is owed', async () => {
      potApi({ pot: asBob, balances: owed });
      renderInApp(<AppRoutes />, { route: `/pot/${POT_ID}`, session: bob });

      expect(await screen.findByText('Settle up first: you owe £10.00.')).toBeVisible();
      expect(screen.getByRole('button', { name: /Leave pot/ })).toBeDisabled();
    });

    it('is not offered to the owner, who is told to archive instead', async () => {
      potApi();
      renderInApp(<AppRoutes />, { route: `/pot/${POT_ID}`, session: signedInState() });

      expect(
        await screen.findByText(
          /As the owner you cannot leave this pot: archive it once everyone has settled up\./,
        ),
      ).toBeVisible();
      expect(screen.queryByRole('button', { name: /Leave pot/ })).toBeNull();
    });
  });
  describe('Archive pot closes a settled pot', () => {
    it('is disabled while anyone owes or is owed, and says who', async () => {
      potApi({ balances: owed });
      renderInApp(<AppRoutes />, { route: `/pot/${POT_ID}`, session: signedInState() });

      expect(
        await screen.findByText(
          'Archive is offered once everyone has settled up: Bob Hart owes £10.00, Cat Moss owes £10.00, Ann Lee is owed £20.00.',
        ),
      ).toBeVisible();
      expect(screen.getByRole('button', { name: /Archive pot/ })).toBeDisabled();
    });

    it('archives a settled pot after confirming, and goes home', async () => {
      const fetchMock = potApi({}, (request) =>
        request.method === 'PATCH' ? json(aPotDetail({ isActive: false })) : undefined,
      );
      const { user } = renderInApp(<AppRoutes />, { route: `/pot/${POT_ID}`, session: signedInState() });

      const archive = await screen.findByRole('button', { name: /Archive pot/ });
      await waitFor(() => expect(archive).toBeEnabled());
      expect(screen.queryByText(/Archive is offered once/)).toBeNull();
      await user.click(archive);
      await user.click(await screen.findByRole('button', { name: 'Archive' }));

      expect(await screen.findByText('Pot archived')).toBeVisible();
      await waitFor(() => expect(location()).toBe('/'));
      const patch = fetchMock.requests.find((request) => request.method === 'PATCH')!;
      expect(await patch.json()).toEqual({ isActive: false });
    });
  });
});
