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
