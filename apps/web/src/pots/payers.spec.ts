import { checkPaidAmounts, paidAmountsOf, payersHint } from './payers';

const members = [
  { id: 'ann', name: 'Ann' },
  { id: 'ben', name: 'Ben' },
  { id: 'cat', name: 'Cat' },
];

describe('several payers in the expense form', () => {
  it('sends the members who paid something, in the members’ order', () => {
    expect(checkPaidAmounts({ cat: '40', ann: '60.00', ben: ' ' }, members, 10_000)).toEqual({
      payers: [
        { memberId: 'ann', amountPence: 6000 },
        { memberId: 'cat', amountPence: 4000 },
      ],
    });
  });

  it.each([
    [{ ann: '60', ben: '30' }, "What each person paid adds up to £90.00, not the expense's £100.00."],
    [{ ann: '100', ben: 'ten' }, 'Enter what Ben paid in pounds and pence, e.g. 12.50.'],
    [{ ann: '100', ben: '0' }, 'Enter what Ben paid in pounds and pence, e.g. 12.50.'],
    [{}, 'Choose who paid.'],
  ])('refuses %j', (amounts, error) => {
    expect(checkPaidAmounts(amounts, members, 10_000)).toEqual({ error });
  });

  it('says what is left to assign as amounts are typed', () => {
    expect(payersHint({ ann: '60' }, members, 10_000)).toBe('Left to assign: £40.00');
    expect(payersHint({ ann: '60', ben: '40' }, members, 10_000)).toBe('Everything is assigned.');
    expect(payersHint({ ann: '60', ben: '50' }, members, 10_000)).toBe('£10.00 more than the amount');
    expect(payersHint({ ann: '60' }, members, null)).toBe(
      'Enter the amount, then what each person paid of it.',
    );
  });

  it('shows an expense’s payers as the form’s amounts', () => {
    expect(
      paidAmountsOf([
        { memberId: 'ann', amountPence: 6000 },
        { memberId: 'ben', amountPence: 4005 },
      ]),
    ).toEqual({ ann: '60.00', ben: '40.05' });
  });
});
