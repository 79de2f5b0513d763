import { describeExpenseChanges, type ExpenseVersion } from './expense-changes';

const names: Record<string, string> = {
  a: 'Ann Lee',
  b: 'Bob Hart',
  c: 'Cat Moss',
  d: 'Dee Ploy',
  e: 'Eve Stone',
};
const nameOf = (memberId: string) => names[memberId] ?? 'A former member';
const fuel: ExpenseVersion = {
  description: 'Fuel',
  amountPence: 600,
  shares: [
    { memberId: 'b', amountPence: 300 },
    { memberId: 'c', amountPence: 300 },
  ],
  payers: [{ memberId: 'a', amountPence: 600 }],
  category: 'transport',
};

describe('describeExpenseChanges', () => {
  it('says nothing when nothing changed', () => {
    expect(describeExpenseChanges(fuel, structuredClone(fuel), nameOf)).toEqual([]);
  });

  it('names the old description, the amount before and after and each share that moved', () => {
    const after: ExpenseVersion = {
      description: 'Petrol',
      amountPence: 800,
      shares: [
        { memberId: 'b', amountPence: 400 },
        { memberId: 'c', amountPence: 400 },
      ],
      payers: [{ memberId: 'a', amountPence: 800 }],
      category: 'transport',
    };
    expect(describeExpenseChanges(fuel, after, nameOf)).toEqual([
      'was "Fuel"',
      '£6.00 → £8.00',
      "Bob Hart's share £3.00 → £4.00",
      "Cat Moss's share £3.00 → £4.00",
    ]);
  });

  it('shows a member added to or left out of the split, at £0.00 on the other side', () => {
    const after = { ...fuel, shares: [{ memberId: 'a', amountPence: 300 }, fuel.shares[1]] };
    expect(describeExpenseChanges(fuel, after, nameOf)).toEqual([
      "Bob Hart's share £3.00 → £0.00",
      "Ann Lee's share £0.00 → £3.00",
    ]);
  });

  it('names who paid when the payers change, with what each paid when there are several', () => {
    const ownPayer = { ...fuel, payers: [{ memberId: 'b', amountPence: 600 }] };
    expect(describeExpenseChanges(fuel, ownPayer, nameOf)).toEqual(['paid by Ann Lee → Bob Hart']);
    const two = {
      ...fuel,
      payers: [
        { memberId: 'a', amountPence: 400 },
        { memberId: 'b', amountPence: 200 },
      ],
    };
    expect(describeExpenseChanges(fuel, two, nameOf)).toEqual([
      'paid by Ann Lee → Ann Lee £4.00, Bob Hart £2.00',
    ]);
  });

  it('names the category before and after, as people read it', () => {
    expect(describeExpenseChanges(fuel, { ...fuel, category: 'food' }, nameOf)).toEqual([
      'Transport → Food and drink',
    ]);
    expect(
      describeExpenseChanges(fuel, { ...fuel, amountPence: 700, category: 'other' }, nameOf).slice(0, 2),
    ).toEqual(['£6.00 → £7.00', 'Transport → Other']);
  });

  it('counts the shares instead of listing them when more than three moved', () => {
    const everyone = ['a', 'b', 'c', 'd', 'e'];
    const before = {
      ...fuel,
      amountPence: 500,
      shares: everyone.map((memberId) => ({ memberId, amountPence: 100 })),
    };
    const after = {
      ...before,
      amountPence: 1000,
      shares: everyone.map((memberId) => ({ memberId, amountPence: 200 })),
    };
    expect(describeExpenseChanges(before, after, nameOf)).toEqual([
      '£5.00 → £10.00',
      "5 members' shares changed",
    ]);
  });
});
