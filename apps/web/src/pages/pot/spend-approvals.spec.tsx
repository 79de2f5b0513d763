import { screen, within } from '@testing-library/react';

import { aPotDetail, BOB_MEMBER, POT_ID } from '../../test/factories';
import { json, mockFetch, pathOf } from '../../test/fetch-mock';
import { fill } from '../../test/fill';
import { renderInApp } from '../../test/render';
import { SpendApprovals } from './spend-approvals';

const approvalRules = { ...aPotDetail().rules, spendRule: 'approval' as const, approvalAbovePence: 5000 };

const request = (overrides: Record<string, unknown> = {}) => ({
  id: 'b0000000-0000-4000-8000-000000000001',
  potId: POT_ID,
  memberId: BOB_MEMBER,
  requesterName: 'Bob Hart',
  requestedByYou: false,
  amountPence: 12_000,
  note: 'Dinner',
  status: 'pending',
  decidedByName: null,
  expiresAt: '2026-11-27T18:00:00Z',
  createdAt: '2026-11-26T18:00:00Z',
  usedAt: null,
  ...overrides,
});

describe('SpendApprovals', () => {
  it('shows nothing where the pot does not ask for approval', () => {
    const fetchMock = mockFetch(() => json([]));
    renderInApp(<SpendApprovals pot={aPotDetail()} />);
    expect(screen.queryByText(/Card payments above/)).toBeNull();
    expect(fetchMock.spy).not.toHaveBeenCalled();
  });

  it('lets a member ask before paying more than the amount, refusing amounts that need no approval', async () => {
    const fetchMock = mockFetch((req) =>
      req.method === 'POST' ? json(request({ requestedByYou: true }), 201) : json([]),
    );
    const { user } = renderInApp(
      <SpendApprovals pot={aPotDetail({ yourRole: 'member', rules: approvalRules })} />,
    );

    await fill(user, 'Amount', '50');
    await user.click(screen.getByRole('button', { name: 'Ask for approval' }));
    expect(
      await screen.findByText('Enter an amount above £50.00: payments up to it need no approval.'),
    ).toBeVisible();

    await user.clear(screen.getByLabelText('Amount'));
    await fill(user, 'Amount', '120');
    await fill(user, 'What it is for (optional)', 'Dinner');
    await user.click(screen.getByRole('button', { name: 'Ask for approval' }));
    expect(await screen.findByText('Approval requested')).toBeVisible();
    const posted = fetchMock.requests.find((req) => req.method === 'POST');
    expect(pathOf(posted as Request)).toBe(`/api/pots/${POT_ID}/spend-approvals`);
    expect(await (posted as Request).json()).toEqual({ amountPence: 12_000, note: 'Dinner' });
  });

  it("lets another member approve a request, and shows an approval's limits", async () => {
    const fetchMock = mockFetch((req) =>
      req.method === 'POST'
        ? json(request({ status: 'approved', decidedByName: 'Ann Lee' }))
        : json([request()]),
    );
    const { user } = renderInApp(<SpendApprovals pot={aPotDetail({ rules: approvalRules })} />);

    const list = within(await screen.findByRole('list', { name: 'Card spending requests' }));
    expect(list.getByText('Bob Hart asked to spend up to £120.00 (Dinner)')).toBeVisible();
    expect(list.getByText('Waiting for approval')).toBeVisible();
    // The owner is not asked to request anything: their card spends any amount.
    expect(screen.queryByRole('button', { name: 'Ask for approval' })).toBeNull();

    await user.click(list.getByRole('button', { name: 'Approve: Bob Hart spends up to £120.00' }));
    expect(await screen.findByText('Bob Hart can pay up to £120.00 by card, once.')).toBeVisible();
    const posted = fetchMock.requests.find((req) => req.method === 'POST');
    expect(pathOf(posted as Request)).toBe(
      `/api/pots/${POT_ID}/spend-approvals/b0000000-0000-4000-8000-000000000001/approve`,
    );
  });
});
