import { fireEvent, screen, within } from '@testing-library/react';

import { anExpense, ANN_MEMBER, BOB_MEMBER, CAT_MEMBER, POT_ID, threeMembers } from '../test/factories';
import { json, mockFetch } from '../test/fetch-mock';
import { fill } from '../test/fill';
import { renderInApp } from '../test/render';
import { ExpenseDialog, type ExpenseDialogProps } from './expense-dialog';

function renderDialog(props: Partial<ExpenseDialogProps> = {}) {
  const onClose = jest.fn();
  const view = renderInApp(
    <ExpenseDialog
      open
      onClose={onClose}
      potId={POT_ID}
      members={threeMembers}
      balancePence={5000}
      yourMemberId={ANN_MEMBER}
      {...props}
    />,
  );
  return { ...view, onClose };
}

const record = () => screen.getByRole('button', { name: /Record expense/ });
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const openDropdown = () =>
  document.querySelector<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')!;

// Long forms: on a shared, busy machine antd in jsdom needs more than the default time.
jest.setTimeout(120_000);

describe('ExpenseDialog: itemised bills and other currencies', () => {
  it('records an itemised bill in euros at a rate: the amount is the bill, each share shown live', async () => {
    const fetchMock = mockFetch(() => json(anExpense(), 201));
    const { user, onClose } = renderDialog();

    await fill(user, 'Description', 'Dinner in Lyon');
    await user.click(screen.getByLabelText('Currency'));
    await user.click(await screen.findByTitle('EUR · Euro'));
    await user.click(screen.getByText('Itemised'));
    await screen.findByLabelText('Line 1 description');

    await fill(user, 'Line 1 description', 'Pizza');
    await fill(user, 'Line 1 amount', '30');
    await user.click(screen.getByRole('button', { name: /Add line/ }));
    await screen.findByLabelText('Line 2 description');
    await fill(user, 'Line 2 description', 'Salad');
    await fill(user, 'Line 2 amount', '12');
    // The salad was Cat's alone: Ann and Bob come off its line.
    await user.click(screen.getByLabelText('Line 2 shared by'));
    await user.click(within(openDropdown()).getByTitle('Ann Lee'));
    await user.click(within(openDropdown()).getByTitle('Bob Hart'));
    await fill(user, 'Service', '12.5');

    expect(await screen.findByText('Lines €42.00 + service €5.25 = €47.25')).toBeVisible();
    expect(input('Amount (the bill below)').value).toBe('47.25');
    await screen.findByLabelText('Pounds for €1.00');
    await fill(user, 'Pounds for €1.00', '0.858');
    expect(await screen.findByText("€47.25 (£40.54) — the pot's balances count £40.54.")).toBeVisible();
    // Pizza €30 for all three, salad €12 for Cat, service on top: £40.54 in proportion 10 : 10 : 22.
    expect(screen.getByLabelText('Ann Lee pays').textContent).toBe('£9.65');
    expect(screen.getByLabelText('Bob Hart pays').textContent).toBe('£9.65');
    expect(screen.getByLabelText('Cat Moss pays').textContent).toBe('£21.24');

    await user.click(record());

    expect(await screen.findByText('Expense recorded!')).toBeVisible();
    expect(screen.getByText('Dinner in Lyon: €47.25 (£40.54).')).toBeVisible();
    expect(onClose).toHaveBeenCalled();
    expect(await fetchMock.requests[0].json()).toEqual({
      description: 'Dinner in Lyon',
      amountPence: 4054,
      paidFrom: 'member',
      category: 'other',
      payerMemberId: ANN_MEMBER,
      original: { currency: 'EUR', amountMinor: 4725, rate: '0.858' },
      split: {
        mode: 'itemised',
        members: [{ memberId: ANN_MEMBER }, { memberId: BOB_MEMBER }, { memberId: CAT_MEMBER }],
        items: {
          lines: [
            { description: 'Pizza', amount: 3000, memberIds: [ANN_MEMBER, BOB_MEMBER, CAT_MEMBER] },
            { description: 'Salad', amount: 1200, memberIds: [CAT_MEMBER] },
          ],
          extras: [{ kind: 'service', basisPoints: 1250 }],
        },
      },
    });
  });

  it('takes what the bank charged in pounds instead of a rate', async () => {
    const fetchMock = mockFetch(() => json(anExpense(), 201));
    const { user } = renderDialog();

    await fill(user, 'Description', 'Museum');
    await user.click(screen.getByLabelText('Currency'));
    await user.click(await screen.findByTitle('USD · US dollar'));
    await fill(user, 'Amount', '50');
    await user.click(record());
    // No rate yet: nothing is sent, and the form says what is missing.
    expect(
      (await screen.findAllByText('Enter the rate: how many pounds one USD cost.')).length,
    ).toBeGreaterThan(0);
    expect(fetchMock.spy).not.toHaveBeenCalled();

    // Where a rate comes from: Kitty has none of its own.
    expect(screen.getByText(/Kitty has no exchange rate of its own/)).toBeVisible();
    fireEvent.click(screen.getByRole('radio', { name: 'My bank charged' }));
    await screen.findByLabelText('Pounds my bank charged');
    await fill(user, 'Pounds my bank charged', '39.12');
    expect(await screen.findByText("US$50.00 (£39.12) — the pot's balances count £39.12.")).toBeVisible();
    // The rate the bank used, from what it charged.
    expect(
      screen.getByText('That is £0.7824 for US$1.00: the rate your bank used, its fees included.'),
    ).toBeVisible();
    await user.click(record());

    expect(await screen.findByText('Expense recorded!')).toBeVisible();
    expect(await fetchMock.requests[0].json()).toMatchObject({
      amountPence: 3912,
      original: { currency: 'USD', amountMinor: 5000 },
      split: { mode: 'equal' },
    });
  });

  it('edits an itemised expense in euros with its lines, currency and rate prefilled', async () => {
    const expense = anExpense({
      amountPence: 3861,
      splitMode: 'itemised',
      original: { currency: 'EUR', amountMinor: 4500, rate: '0.858' },
      items: {
        lines: [
          { description: 'Pizza', amount: 3000, memberIds: [ANN_MEMBER, BOB_MEMBER] },
          { description: 'Salad', amount: 1500, memberIds: [CAT_MEMBER] },
        ],
        extras: [],
        subtotal: 4500,
        total: 4500,
      },
      shares: [
        { memberId: ANN_MEMBER, name: 'Ann Lee', amountPence: 1287 },
        { memberId: BOB_MEMBER, name: 'Bob Hart', amountPence: 1287 },
        { memberId: CAT_MEMBER, name: 'Cat Moss', amountPence: 1287 },
      ],
    });
    const fetchMock = mockFetch(() => json(expense));
    const { user } = renderDialog({ expense });

    expect(input('Line 2 description').value).toBe('Salad');
    expect(input('Line 2 amount').value).toBe('15.00');
    expect(input('Amount (the bill below)').value).toBe('45.00');
    expect(input('Pounds for €1.00').value).toBe('0.858');

    await user.clear(screen.getByLabelText('Line 2 amount'));
    await user.type(screen.getByLabelText('Line 2 amount'), '18');
    expect(await screen.findByText('Lines €48.00 = €48.00')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Expense updated')).toBeVisible();
    expect(await fetchMock.requests[0].json()).toMatchObject({
      amountPence: 4118,
      original: { currency: 'EUR', amountMinor: 4800, rate: '0.858' },
      split: {
        mode: 'itemised',
        items: {
          lines: [
            { description: 'Pizza', amount: 3000 },
            { description: 'Salad', amount: 1800 },
          ],
        },
      },
    });
  });
});
