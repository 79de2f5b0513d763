import { paidBySummary } from './format';

const nameOf = (memberId: string | null) => (memberId === 'ann' ? 'Ann Lee' : 'a former member');

describe('paidBySummary', () => {
  it('names the pot, the one payer, or each payer with what they paid', () => {
    expect(paidBySummary({ paidFrom: 'pot', payerMemberId: null, payers: [] }, nameOf)).toBe('Paid from pot');
    expect(
      paidBySummary(
        {
          paidFrom: 'member',
          payerMemberId: 'ann',
          payers: [{ memberId: 'ann', name: 'Ann Lee', amountPence: 100 }],
        },
        nameOf,
      ),
    ).toBe('Paid by Ann Lee');
    expect(
      paidBySummary(
        {
          paidFrom: 'member',
          payerMemberId: 'ann',
          payers: [
            { memberId: 'ann', name: 'Ann Lee', amountPence: 6000 },
            { memberId: 'ben', name: 'Ben Hart', amountPence: 4000 },
          ],
        },
        nameOf,
      ),
    ).toBe('Paid by Ann Lee £60.00, Ben Hart £40.00');
  });
});
