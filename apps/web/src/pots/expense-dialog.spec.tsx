import { fireEvent, screen, waitFor } from '@testing-library/react';

import { anExpense, ANN_MEMBER, BOB_MEMBER, CAT_MEMBER, POT_ID, threeMembers } from '../test/factories';
import { json, mockFetch, pathOf, problem } from '../test/fetch-mock';
import { fill } from '../test/fill';
import { renderInApp } from '../test/render';
import type { ExpenseDialogProps } from './expense-dialog';
import { ExpenseDialog } from './expense-dialog';

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

describe('ExpenseDialog', () => {
  it('asks for a description', async () => {
    const fetchMock = mockFetch(() => json({}, 201));
    const { user } = renderDialog();

    await fill(user, 'Amount', '12');
    await user.click(record());

    expect(await screen.findByText('Description required')).toBeVisible();
    expect(screen.getAllByText('Please provide a description for this expense.').length).toBeGreaterThan(0);
    expect(fetchMock.spy).not.toHaveBeenCalled();
  });

  it('refuses an amount of £0 or less', async () => {
    const fetchMock = mockFetch(() => json({}, 201));
    const { user } = renderDialog();

    await fill(user, 'Description', 'Taxi');
    await fill(user, 'Amount', '0');
    await user.click(record());

    expect((await screen.findAllByText('Invalid amount')).length).toBeGreaterThan(0);
    expect(fetchMock.spy).not.toHaveBeenCalled();
  });

  it('stops a pot-paid expense above the balance before sending it', async () => {
    const fetchMock = mockFetch(() => json({}, 201));
    const { user } = renderDialog({ initialPaidFrom: 'pot', balancePence: 5000 });

    expect(screen.getByText('Spend Funds')).toBeVisible();
    await fill(user, 'Description', 'Museum tickets');
    await fill(user, 'Amount', '50.01');
    expect(screen.getByText('Available in the pot: £50.00')).toBeVisible();
    await user.click(record());

    expect(await screen.findByText('Insufficient funds')).toBeVisible();
    expect(screen.getAllByText('The amount exceeds the available balance.').length).toBeGreaterThan(0);
    expect(fetchMock.spy).not.toHaveBeenCalled();
  });

  it("shows the server's 'Insufficient funds' when the pot was spent meanwhile", async () => {
    mockFetch(() =>
      problem(409, 'The amount exceeds the available balance.', { title: 'Insufficient funds' }),
    );
    const { user, onClose } = renderDialog({ initialPaidFrom: 'pot', balancePence: 5000 });

    await fill(user, 'Description', 'Museum tickets');
    await fill(user, 'Amount', '40');
    await user.click(record());

    expect(await screen.findByText('Insufficient funds')).toBeVisible();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("records an expense paid by a member, split by shares, with 'Expense recorded!'", async () => {
    const fetchMock = mockFetch(() => json(anExpense(), 201));
    const { user, onClose } = renderDialog();

    await fill(user, 'Description', '  Dinner  ');
    await fill(user, 'Amount', '19.99');
    await user.click(screen.getByText('Shares'));
    await user.clear(screen.getByLabelText('Ann Lee shares'));
    await user.type(screen.getByLabelText('Ann Lee shares'), '2');
    await user.click(screen.getByRole('checkbox', { name: 'Cat Moss' }));
    expect(screen.getByLabelText('Ann Lee pays').textContent).toBe('£13.33');
    expect(screen.getByLabelText('Bob Hart pays').textContent).toBe('£6.66');

    await user.click(record());

    expect(await screen.findByText('Expense recorded!')).toBeVisible();
    expect(onClose).toHaveBeenCalled();
    const [request] = fetchMock.requests;
    expect(request.method).toBe('POST');
    expect(pathOf(request)).toBe(`/api/pots/${POT_ID}/expenses`);
    expect(await request.json()).toEqual({
      description: 'Dinner',
      amountPence: 1999,
      paidFrom: 'member',
      category: 'other',
      payerMemberId: ANN_MEMBER,
      split: {
        mode: 'shares',
        members: [
          { memberId: ANN_MEMBER, value: 2 },
          { memberId: BOB_MEMBER, value: 1 },
        ],
      },
    });
  });

  it('sends a pot-paid expense without a payer, in the category chosen', async () => {
    const fetchMock = mockFetch(() => json(anExpense({ paidFrom: 'pot', payerMemberId: null }), 201));
    const { user } = renderDialog({ initialPaidFrom: 'pot' });

    await fill(user, 'Description', 'Groceries');
    await fill(user, 'Amount', '30');
    await user.click(screen.getByLabelText('Category'));
    await user.click(await screen.findByTitle('Groceries'));
    await user.click(record());

    expect(await screen.findByText('Expense recorded!')).toBeVisible();
    expect(await fetchMock.requests[0].json()).toEqual({
      description: 'Groceries',
      amountPence: 3000,
      paidFrom: 'pot',
      category: 'groceries',
      split: {
        mode: 'equal',
        members: [{ memberId: ANN_MEMBER }, { memberId: BOB_MEMBER }, { memberId: CAT_MEMBER }],
      },
    });
  });

  it('keeps the dialog open while a split does not add up', async () => {
    const fetchMock = mockFetch(() => json(anExpense(), 201));
    const { user } = renderDialog();

    await fill(user, 'Description', 'Dinner');
    await fill(user, 'Amount', '30');
    await user.click(screen.getByText('Percentages'));
    await user.clear(screen.getByLabelText('Ann Lee percentage'));
    await user.type(screen.getByLabelText('Ann Lee percentage'), '10');
    await user.click(record());

    expect(await screen.findByText('Invalid split')).toBeVisible();
    expect(fetchMock.spy).not.toHaveBeenCalled();
  });

  it('edits an expense: its values prefilled, a PATCH with the new split and who paid', async () => {
    const expense = anExpense({
      amountPence: 900,
      splitMode: 'shares',
      shares: [
        { memberId: ANN_MEMBER, name: 'Ann Lee', amountPence: 600 },
        { memberId: BOB_MEMBER, name: 'Bob Hart', amountPence: 300 },
      ],
    });
    const fetchMock = mockFetch(() => json(expense));
    const { user } = renderDialog({ expense });

    expect((screen.getByLabelText('Amount') as HTMLInputElement).value).toBe('9.00');
    expect((screen.getByLabelText('Ann Lee shares') as HTMLInputElement).value).toBe('2');
    expect((screen.getByLabelText('Bob Hart shares') as HTMLInputElement).value).toBe('1');
    expect(screen.getByRole('checkbox', { name: 'Cat Moss' })).toHaveProperty('checked', false);

    await user.clear(screen.getByLabelText('Amount'));
    await user.type(screen.getByLabelText('Amount'), '12');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Expense updated')).toBeVisible();
    const [request] = fetchMock.requests;
    expect(request.method).toBe('PATCH');
    expect(pathOf(request)).toBe(`/api/pots/${POT_ID}/expenses/${expense.id}`);
    expect(await request.json()).toEqual({
      description: 'Dinner',
      amountPence: 1200,
      category: 'food',
      split: {
        mode: 'shares',
        members: [
          { memberId: ANN_MEMBER, value: 2 },
          { memberId: BOB_MEMBER, value: 1 },
        ],
      },
      payers: [{ memberId: ANN_MEMBER, amountPence: 1200 }],
    });
  });

  it('sends another day and notes; an edit sends only what changed of them', async () => {
    const fetchMock = mockFetch(() => json(anExpense(), 201));
    const { user } = renderDialog();

    await fill(user, 'Description', 'Taxi');
    await fill(user, 'Amount', '30');
    const date = screen.getByLabelText('Date') as HTMLInputElement;
    expect(date.max).toBe(date.value);
    fireEvent.change(date, { target: { value: '2026-02-28' } });
    await user.type(screen.getByLabelText('Notes (optional)'), '  Booked by Ann.  ');
    await user.click(record());

    expect(await screen.findByText('Expense recorded!')).toBeVisible();
    expect(await fetchMock.requests[0].json()).toMatchObject({
      description: 'Taxi',
      spentOn: '2026-02-28',
      notes: 'Booked by Ann.',
    });
  });

  it('edits the date and clears the notes', async () => {
    const expense = anExpense({ spentOn: '2026-03-03', notes: 'Booked by Ann.' });
    const fetchMock = mockFetch(() => json(expense));
    const { user } = renderDialog({ expense });

    expect((screen.getByLabelText('Date') as HTMLInputElement).value).toBe('2026-03-03');
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2026-03-01' } });
    await user.clear(screen.getByLabelText('Notes (optional)'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Expense updated')).toBeVisible();
    expect(await fetchMock.requests[0].json()).toMatchObject({ spentOn: '2026-03-01', notes: null });
  });

  describe('several people paid', () => {
    const severalPaid = () => screen.getByRole('switch', { name: 'Several people paid' });

    it('asks what each paid, says what is left to assign, and sends the payers', async () => {
      const fetchMock = mockFetch(() => json(anExpense(), 201));
      const { user } = renderDialog();

      await fill(user, 'Description', 'Dinner');
      await fill(user, 'Amount', '100');
      expect(screen.getByLabelText('Who paid')).toBeVisible();
      await user.click(severalPaid());
      // The one chosen (you) starts with it all, and the single choice gives way to an amount each.
      expect(screen.queryByLabelText('Who paid')).toBeNull();
      expect((screen.getByLabelText('Ann Lee paid') as HTMLInputElement).value).toBe('100.00');
      expect(screen.getByText('Everything is assigned.')).toBeVisible();
      await user.clear(screen.getByLabelText('Ann Lee paid'));
      await user.type(screen.getByLabelText('Ann Lee paid'), '60');
      expect(screen.getByText('Left to assign: £40.00')).toBeVisible();
      await user.type(screen.getByLabelText('Bob Hart paid'), '40');
      expect(screen.getByText('Everything is assigned.')).toBeVisible();
      await user.click(record());

      expect(await screen.findByText('Expense recorded!')).toBeVisible();
      const body = (await fetchMock.requests[0].json()) as Record<string, unknown>;
      expect(body).toMatchObject({
        amountPence: 10_000,
        paidFrom: 'member',
        payers: [
          { memberId: ANN_MEMBER, amountPence: 6000 },
          { memberId: BOB_MEMBER, amountPence: 4000 },
        ],
      });
      expect(body).not.toHaveProperty('payerMemberId');
    });

    it('refuses amounts that do not add up to the total, before sending anything', async () => {
      const fetchMock = mockFetch(() => json(anExpense(), 201));
      const { user } = renderDialog();

      await fill(user, 'Description', 'Dinner');
      await fill(user, 'Amount', '100');
      await user.click(severalPaid());
      await user.clear(screen.getByLabelText('Ann Lee paid'));
      await user.type(screen.getByLabelText('Ann Lee paid'), '60');
      await user.type(screen.getByLabelText('Cat Moss paid'), '50');
      expect(screen.getByText('£10.00 more than the amount')).toBeVisible();
      await user.click(record());

      expect(await screen.findByRole('alert')).toHaveProperty(
        'textContent',
        "What each person paid adds up to £110.00, not the expense's £100.00.",
      );
      expect(fetchMock.spy).not.toHaveBeenCalled();
    });

    it('opens an expense several people paid with what each paid, and saves the new amounts', async () => {
      const expense = anExpense({
        amountPence: 3000,
        payers: [
          { memberId: ANN_MEMBER, name: 'Ann Lee', amountPence: 2000 },
          { memberId: CAT_MEMBER, name: 'Cat Moss', amountPence: 1000 },
        ],
      });
      const fetchMock = mockFetch(() => json(expense));
      const { user } = renderDialog({ expense });

      expect(severalPaid()).toHaveProperty('ariaChecked', 'true');
      expect((screen.getByLabelText('Ann Lee paid') as HTMLInputElement).value).toBe('20.00');
      expect((screen.getByLabelText('Cat Moss paid') as HTMLInputElement).value).toBe('10.00');
      await user.clear(screen.getByLabelText('Cat Moss paid'));
      await user.type(screen.getByLabelText('Bob Hart paid'), '10');
      await user.click(screen.getByRole('button', { name: 'Save changes' }));

      expect(await screen.findByText('Expense updated')).toBeVisible();
      expect(await fetchMock.requests[0].json()).toMatchObject({
        payers: [
          { memberId: ANN_MEMBER, amountPence: 2000 },
          { memberId: BOB_MEMBER, amountPence: 1000 },
        ],
      });
    });
  });

  it('shows the loading state while recording', async () => {
    let answer: (response: Response) => void = () => undefined;
    mockFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { user } = renderDialog();

    await fill(user, 'Description', 'Dinner');
    await fill(user, 'Amount', '30');
    await user.click(record());

    await waitFor(() => expect(record().className).toContain('ant-btn-loading'));
    answer(json(anExpense(), 201));
    expect(await screen.findByText('Expense recorded!')).toBeVisible();
  });
});
