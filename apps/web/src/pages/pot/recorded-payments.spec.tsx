import { screen, waitFor } from '@testing-library/react';

import { ANN_MEMBER, BOB_MEMBER, CAT_MEMBER, POT_ID, threeMembers } from '../../test/factories';
import { json, mockFetch, noContent, pathOf, problem } from '../../test/fetch-mock';
import { fill } from '../../test/fill';
import { renderInApp } from '../../test/render';
import { RecordedPayments, type RecordedPaymentsProps } from './recorded-payments';

const payment = (id: string, from: string, to: string, amountPence: number, paidWithKitty = false) => ({
  id,
  fromMemberId: from,
  toMemberId: to,
  amountPence,
  paidWithKitty,
  status: 'confirmed' as const,
  awaitingMemberId: null,
  createdByName: 'Ann Lee',
  createdAt: '2026-11-20T10:00:00Z',
});
const BEN_TO_ANN = '1b7e0c1e-7c44-4a47-9d35-0d2c2f6c5a11';
const CAT_TO_BEN = '2b7e0c1e-7c44-4a47-9d35-0d2c2f6c5a11';
const KITTY = '3b7e0c1e-7c44-4a47-9d35-0d2c2f6c5a11';

function renderPayments(props: Partial<RecordedPaymentsProps> = {}) {
  return renderInApp(
    <RecordedPayments
      potId={POT_ID}
      settlements={[
        payment(BEN_TO_ANN, BOB_MEMBER, ANN_MEMBER, 2_000),
        payment(CAT_TO_BEN, CAT_MEMBER, BOB_MEMBER, 700),
        payment(KITTY, BOB_MEMBER, ANN_MEMBER, 500, true),
        {
          ...payment('4b7e0c1e-7c44-4a47-9d35-0d2c2f6c5a11', CAT_MEMBER, ANN_MEMBER, 100),
          status: 'pending',
        },
      ]}
      members={threeMembers}
      yourMemberId={ANN_MEMBER}
      isOwner={false}
      archived={false}
      {...props}
    />,
  );
}

describe('RecordedPayments', () => {
  it('lists payments that count; only the two people may change one, and not one made with Kitty', () => {
    renderPayments();
    expect(screen.getByText('Bob Hart paid Ann Lee £20.00')).toBeVisible();
    expect(screen.getByText('Cat Moss paid Bob Hart £7.00')).toBeVisible();
    expect(screen.getByText('With Kitty')).toBeVisible();
    expect(screen.queryByText('Cat Moss paid Ann Lee £1.00')).toBeNull();
    expect(screen.getByRole('button', { name: 'Undo: Bob Hart paid Ann Lee £20.00' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Undo: Cat Moss paid Bob Hart £7.00' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Undo: Bob Hart paid Ann Lee £5.00' })).toBeNull();
  });

  it('lets the owner change any, and nobody in an archived pot', () => {
    const { unmount } = renderPayments({ isOwner: true });
    expect(screen.getByRole('button', { name: 'Change: Cat Moss paid Bob Hart £7.00' })).toBeVisible();
    unmount();
    renderPayments({ isOwner: true, archived: true });
    expect(screen.queryByRole('button', { name: /^Change:/ })).toBeNull();
  });

  it('corrects the amount, and refuses nothing or zero before sending', async () => {
    const fetchMock = mockFetch(() => json(payment(BEN_TO_ANN, BOB_MEMBER, ANN_MEMBER, 2_500)));
    const { user } = renderPayments();

    await user.click(screen.getByRole('button', { name: 'Change: Bob Hart paid Ann Lee £20.00' }));
    const amount = screen.getByLabelText('Amount') as HTMLInputElement;
    expect(amount.value).toBe('20.00');
    await user.clear(amount);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter an amount greater than £0.')).toBeVisible();
    expect(fetchMock.spy).not.toHaveBeenCalled();

    await fill(user, 'Amount', '25');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Payment changed')).toBeVisible();
    const [request] = fetchMock.requests;
    expect(request.method).toBe('PATCH');
    expect(pathOf(request)).toBe(`/api/pots/${POT_ID}/settlements/${BEN_TO_ANN}`);
    expect(await request.json()).toEqual({ amountPence: 2_500 });
  });

  it("undoes one after asking, and shows the server's refusal", async () => {
    let refuse = false;
    const fetchMock = mockFetch(() =>
      refuse
        ? problem(409, 'Someone in this payment has left the pot.', { title: 'Members have changed' })
        : noContent(),
    );
    const { user } = renderPayments();

    await user.click(screen.getByRole('button', { name: 'Undo: Bob Hart paid Ann Lee £20.00' }));
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Payment undone')).toBeVisible();
    expect(fetchMock.requests[0].method).toBe('DELETE');

    refuse = true;
    await user.click(screen.getByRole('button', { name: 'Undo: Bob Hart paid Ann Lee £20.00' }));
    const confirms = await screen.findAllByRole('button', { name: 'Undo' });
    await user.click(confirms[confirms.length - 1]);
    await waitFor(() => expect(screen.getByText('Someone in this payment has left the pot.')).toBeVisible());
  });
});
