import { fireEvent, screen } from '@testing-library/react';

import { ANN_MEMBER, BOB_MEMBER, CAT_MEMBER, POT_ID, threeMembers } from '../test/factories';
import { json, mockFetch, pathOf, problem } from '../test/fetch-mock';
import { fill } from '../test/fill';
import { renderInApp } from '../test/render';
import { ExpenseDialog } from './expense-dialog';
import { ukToday } from './repeat-fields';

function renderDialog() {
  const onClose = jest.fn();
  const view = renderInApp(
    <ExpenseDialog
      open
      onClose={onClose}
      potId={POT_ID}
      members={threeMembers}
      balancePence={0}
      yourMemberId={ANN_MEMBER}
    />,
  );
  return { ...view, onClose };
}

const rule = {
  id: '7b0a3c1e-7c44-4a47-9d35-0d2c2f6c5a11',
  potId: POT_ID,
  description: 'Rent',
  amountPence: 90_000,
  category: 'lodging',
  paidFrom: 'member',
  frequency: 'monthly',
  startOn: '2030-01-31',
  endOn: null,
  nextDueOn: '2030-01-31',
  occurrences: 0,
  lastProblem: null,
  createdByName: 'Ann Lee',
  youMayCancel: true,
  cancelledAt: null,
  createdAt: '2026-11-26T09:00:00.000Z',
};

/** A date input takes a whole date at once, as a picker gives it. */
const setDate = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function chooseRepeat(user: ReturnType<typeof renderDialog>['user'], label: string) {
  await user.click(screen.getByLabelText('Repeats'));
  await user.click(await screen.findByTitle(label));
  // The dates appear once the form has seen the choice.
  await screen.findByLabelText('First on');
}

describe('ukToday', () => {
  it('is the date in London, not in UTC', () => {
    expect(ukToday(new Date('2026-07-15T23:30:00Z'))).toBe('2026-07-16');
    expect(ukToday(new Date('2026-01-15T23:30:00Z'))).toBe('2026-01-15');
  });
});

describe('a recurring expense from the expense dialog', () => {
  it('sends the expense with how often, from when and until when, once', async () => {
    const fetchMock = mockFetch(() => json(rule, 201));
    const { user, onClose } = renderDialog();

    await fill(user, 'Description', 'Rent');
    await fill(user, 'Amount', '900');
    expect(screen.queryByLabelText('First on')).toBeNull();
    await chooseRepeat(user, 'Every month');
    expect((screen.getByLabelText('First on') as HTMLInputElement).value).toBe(ukToday());
    setDate('First on', '2030-01-31');
    setDate('Until (optional)', '2030-12-31');
    expect(screen.getByText('Then on the same day each month (or its last day).')).toBeVisible();
    await user.click(screen.getByRole('button', { name: /Record expense/ }));

    expect(await screen.findByText('Recurring expense set up')).toBeVisible();
    expect(screen.getByText('Rent: £900.00 every month.')).toBeVisible();
    expect(onClose).toHaveBeenCalled();
    expect(fetchMock.requests).toHaveLength(1);
    const [request] = fetchMock.requests;
    expect(pathOf(request)).toBe(`/api/pots/${POT_ID}/recurring-expenses`);
    expect(request.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await request.json()).toEqual({
      expense: {
        description: 'Rent',
        amountPence: 90_000,
        paidFrom: 'member',
        category: 'other',
        payerMemberId: ANN_MEMBER,
        split: {
          mode: 'equal',
          members: [{ memberId: ANN_MEMBER }, { memberId: BOB_MEMBER }, { memberId: CAT_MEMBER }],
        },
      },
      frequency: 'monthly',
      startOn: '2030-01-31',
      endOn: '2030-12-31',
    });
  });

  it('refuses an end before the first day without sending, and shows what the server refuses', async () => {
    const fetchMock = mockFetch(() =>
      problem(400, 'Invalid request', {
        errors: [{ field: 'expense.description', message: 'Please provide a description for this expense.' }],
      }),
    );
    const { user, onClose } = renderDialog();

    await fill(user, 'Description', 'Cleaner');
    await fill(user, 'Amount', '40');
    await chooseRepeat(user, 'Every week');
    setDate('First on', '2030-03-10');
    setDate('Until (optional)', '2030-03-01');
    await user.click(screen.getByRole('button', { name: /Record expense/ }));
    expect(await screen.findByText('The end date must be on or after the first date.')).toBeVisible();
    expect(fetchMock.spy).not.toHaveBeenCalled();

    setDate('Until (optional)', '2030-04-01');
    await user.click(screen.getByRole('button', { name: /Record expense/ }));
    expect(
      (await screen.findAllByText('Please provide a description for this expense.')).length,
    ).toBeGreaterThan(0);
    expect(onClose).not.toHaveBeenCalled();
  });
});
