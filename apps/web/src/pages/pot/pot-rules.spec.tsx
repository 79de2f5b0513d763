import type { WithdrawalApproval } from '@kitty/api-client';
import { screen, within } from '@testing-library/react';

import { aPotDetail, POT_ID, signedInState } from '../../test/factories';
import { json, mockFetch, pathOf } from '../../test/fetch-mock';
import { renderInApp } from '../../test/render';
import { PotRulesPanel } from './pot-rules';
import { WithdrawalApprovals } from './withdrawal-approvals';

const approvalRules = {
  withdrawRule: 'approval',
  spendRule: 'approval',
  approvalAbovePence: 5000,
  inviteRule: 'members',
  simplifyDebts: true,
} as const;

describe('Pot rules', () => {
  it('lets the owner change them, sending whole pence', async () => {
    const fetchMock = mockFetch(() => json(aPotDetail({ rules: approvalRules })));
    const { user } = renderInApp(<PotRulesPanel pot={aPotDetail()} />, { session: signedInState() });
    const shown = within(screen.getByLabelText('Pot rules'));
    // Who withdraws and who invites: the owner only, as a new pot starts.
    expect(shown.getAllByText('Only the owner')).toHaveLength(2);
    expect(shown.getByText("Any member's card")).toBeVisible();
    // The amount is only asked for when a rule uses it.
    expect(screen.queryByLabelText('Approval amount in pounds')).toBeNull();

    // The first group is who withdraws, the second whose card spends.
    const secondApproves = 'Any member, a second member approves above the amount';
    await user.click(screen.getAllByRole('radio', { name: secondApproves })[0]);
    await user.click(screen.getAllByRole('radio', { name: secondApproves })[1]);
    // The third group is who invites.
    await user.click(screen.getAllByRole('radio', { name: 'Any member' })[2]);
    const amount = await screen.findByLabelText('Approval amount in pounds');
    await user.clear(amount);
    await user.type(amount, '25.5');
    await user.click(screen.getByRole('button', { name: 'Save rules' }));

    expect(await screen.findByText('Pot rules saved')).toBeVisible();
    const [request] = fetchMock.requests;
    expect(pathOf(request)).toBe(`/api/pots/${POT_ID}/rules`);
    expect(await request.json()).toEqual({
      withdrawRule: 'approval',
      spendRule: 'approval',
      approvalAbovePence: 2550,
      inviteRule: 'members',
    });
  });

  it('shows members the rules read-only, and how larger card payments are approved', () => {
    renderInApp(<PotRulesPanel pot={aPotDetail({ yourRole: 'member', rules: approvalRules })} />, {
      session: signedInState(),
    });
    expect(screen.getByText('Any member; above £50.00 a second member approves first')).toBeVisible();
    expect(screen.getByText(/more once a second member has approved it in advance/)).toBeVisible();
    const invites = screen.getByText('Who may invite people').closest('div') as HTMLElement;
    expect(within(invites).getByText('Any member')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Save rules' })).toBeNull();
  });
});

describe('Withdrawals waiting for approval', () => {
  const waiting = (overrides: Partial<WithdrawalApproval> = {}): WithdrawalApproval => ({
    id: 'w0000000-0000-4000-8000-000000000009',
    potId: POT_ID,
    amountPence: 12_000,
    requesterName: 'Bob Hart',
    requestedByYou: false,
    createdAt: '2026-03-03T10:00:00Z',
    ...overrides,
  });

  it('lets another member approve one, once confirmed', async () => {
    const fetchMock = mockFetch((request) => {
      if (request.method === 'GET') return json([waiting()]);
      return json({
        id: waiting().id,
        status: 'pending',
        source: { type: 'pot', potId: POT_ID, name: 'Lisbon trip' },
      });
    });
    const { user } = renderInApp(<WithdrawalApprovals potId={POT_ID} />, { session: signedInState() });
    expect(await screen.findByText('Bob Hart asked to withdraw £120.00')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Decline: Bob Hart withdraws £120.00' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Approve: Bob Hart withdraws £120.00' }));
    await user.click(await screen.findByRole('button', { name: 'Approve' }));

    expect(await screen.findByText('Withdrawal approved')).toBeVisible();
    const post = fetchMock.requests.find((request) => request.method === 'POST');
    expect(post && pathOf(post)).toBe(`/api/withdrawals/${waiting().id}/approve`);
  });

  it('offers the requester only Cancel, and says when a decision came too late', async () => {
    const fetchMock = mockFetch((request) => {
      if (request.method === 'GET') return json([waiting({ requestedByYou: true })]);
      return json({ title: 'Already decided', detail: 'This withdrawal was declined.', status: 409 }, 409);
    });
    const { user } = renderInApp(<WithdrawalApprovals potId={POT_ID} />, { session: signedInState() });
    expect(await screen.findByText('You asked to withdraw £120.00')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Approve/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Cancel request' }));
    expect(await screen.findByText('This withdrawal was declined.')).toBeVisible();
    const post = fetchMock.requests.find((request) => request.method === 'POST');
    expect(post && pathOf(post)).toBe(`/api/withdrawals/${waiting().id}/cancel`);
  });
});
