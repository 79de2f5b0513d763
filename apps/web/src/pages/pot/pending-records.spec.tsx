import type { Settlement } from '@kitty/api-client';
import { screen } from '@testing-library/react';

import {
  anExpense,
  ANN_MEMBER,
  aPotDetail,
  BOB_MEMBER,
  CAT_MEMBER,
  POT_ID,
  signedInState,
} from '../../test/factories';
import { json, mockFetch, pathOf } from '../../test/fetch-mock';
import { renderInApp } from '../../test/render';
import { ExpensesPanel } from './expenses-panel';
import { PendingPayments } from './pending-payments';

const { members } = aPotDetail();
/** Cat recorded that Bob paid for dinner: it waits for Bob. */
const pendingDinner = anExpense({
  payerMemberId: BOB_MEMBER,
  status: 'pending',
  awaitingMemberId: BOB_MEMBER,
  createdBy: 'user-3',
  createdByName: 'Cat Moss',
});

const expensesPanel = (yourMemberId: string, isOwner = false) => (
  <ExpensesPanel
    potId={POT_ID}
    expenses={[pendingDinner]}
    members={members}
    yourUserId="someone"
    yourMemberId={yourMemberId}
    isOwner={isOwner}
    archived={false}
    onEdit={jest.fn()}
    paidSince={() => false}
  />
);

describe('a record of someone else’s payment', () => {
  it('shows as pending with who must confirm; a third member cannot decide it', () => {
    renderInApp(expensesPanel(CAT_MEMBER), { session: signedInState() });
    expect(screen.getByText('Pending')).toBeVisible();
    expect(screen.getByText('Recorded by Cat Moss · waiting for Bob Hart to confirm')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Confirm Dinner' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Decline Dinner' })).toBeNull();
  });

  it('lets the payer confirm it, with a toast', async () => {
    const fetchMock = mockFetch(() =>
      json({ ...pendingDinner, status: 'confirmed', awaitingMemberId: null }),
    );
    const { user } = renderInApp(expensesPanel(BOB_MEMBER), { session: signedInState() });
    expect(screen.getByText('Recorded by Cat Moss · waiting for you to confirm')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Confirm Dinner' }));
    expect(await screen.findByText('Expense confirmed')).toBeVisible();
    expect(screen.getByText("Dinner now counts in everyone's balances.")).toBeVisible();
    const [request] = fetchMock.requests;
    expect(request.method).toBe('POST');
    expect(pathOf(request)).toBe(`/api/pots/${POT_ID}/expenses/${pendingDinner.id}/confirm`);
  });

  it('lets the owner decline it on the payer’s behalf', async () => {
    const fetchMock = mockFetch(() => json({ ...pendingDinner, status: 'declined', awaitingMemberId: null }));
    const { user } = renderInApp(expensesPanel(ANN_MEMBER, true), { session: signedInState() });
    await user.click(screen.getByRole('button', { name: 'Decline Dinner' }));
    expect(await screen.findByText('Expense declined')).toBeVisible();
    expect(pathOf(fetchMock.requests[0])).toBe(`/api/pots/${POT_ID}/expenses/${pendingDinner.id}/decline`);
  });

  it('lists pending payments with Confirm and Decline for the person who must confirm', async () => {
    const claim: Settlement = {
      id: 's0000000-0000-4000-8000-000000000001',
      fromMemberId: CAT_MEMBER,
      toMemberId: BOB_MEMBER,
      amountPence: 100_000_000,
      paidWithKitty: false,
      status: 'pending',
      awaitingMemberId: BOB_MEMBER,
      createdByName: 'Cat Moss',
      createdAt: '2026-03-03T19:00:00Z',
    };
    const settled: Settlement = { ...claim, id: 's2', status: 'confirmed', awaitingMemberId: null };
    const fetchMock = mockFetch(() => json({ ...claim, status: 'declined', awaitingMemberId: null }));
    const { user } = renderInApp(
      <PendingPayments
        potId={POT_ID}
        settlements={[claim, settled]}
        members={members}
        yourMemberId={BOB_MEMBER}
        isOwner={false}
      />,
      { session: signedInState() },
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText('Cat Moss paid Bob Hart £1,000,000.00')).toBeVisible();
    expect(screen.getByText('Recorded by Cat Moss · waiting for you to confirm')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Decline: Cat Moss paid Bob Hart £1,000,000.00' }));
    expect(await screen.findByText('Payment declined')).toBeVisible();
    expect(pathOf(fetchMock.requests[0])).toBe(`/api/pots/${POT_ID}/settlements/${claim.id}/decline`);
  });

  it('shows pending payments to others without the buttons', () => {
    renderInApp(
      <PendingPayments
        potId={POT_ID}
        settlements={[
          {
            id: 's1',
            fromMemberId: CAT_MEMBER,
            toMemberId: BOB_MEMBER,
            amountPence: 500,
            paidWithKitty: false,
            status: 'pending',
            awaitingMemberId: BOB_MEMBER,
            createdByName: 'Cat Moss',
            createdAt: '2026-03-03T19:00:00Z',
          },
        ]}
        members={members}
        yourMemberId={CAT_MEMBER}
        isOwner={false}
      />,
      { session: signedInState() },
    );
    expect(screen.getByText('Recorded by Cat Moss · waiting for Bob Hart to confirm')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Confirm/ })).toBeNull();
  });
});
