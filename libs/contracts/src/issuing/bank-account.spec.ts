import { BankAccountRequest, bankDigitsProblem } from './bank-account';

const valid = {
  accountHolderName: 'Ada Lovelace',
  sortCode: '20-00-00',
  accountNumber: '5577 9911',
  password: 'correct horse battery',
};

function refusals(body: object): { field: string; message: string }[] {
  const result = BankAccountRequest.safeParse(body);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
}

describe('BankAccountRequest', () => {
  it('accepts sort codes and account numbers typed with spaces or dashes, and keeps only the digits', () => {
    expect(BankAccountRequest.parse(valid)).toMatchObject({ sortCode: '200000', accountNumber: '55779911' });
  });

  it('refuses a sort code with a digit too many instead of cutting it short, naming the field', () => {
    expect(refusals({ ...valid, sortCode: '1234567' })).toEqual([
      { field: 'sortCode', message: 'Sort code must be 6 digits, like 12-34-56 (this one has 7).' },
    ]);
  });

  it('refuses an account number with a digit too many instead of cutting it short, naming the field', () => {
    expect(refusals({ ...valid, accountNumber: '123456789' })).toEqual([
      { field: 'accountNumber', message: 'Account number must be 8 digits (this one has 9).' },
    ]);
  });

  it('refuses too few digits and anything that is not a digit', () => {
    expect(bankDigitsProblem('sortCode', '12345')).toBe(
      'Sort code must be 6 digits, like 12-34-56 (this one has 5).',
    );
    expect(bankDigitsProblem('accountNumber', '1234567a')).toBe('Account number must be 8 digits.');
    expect(bankDigitsProblem('accountNumber', '12345678')).toBeNull();
  });
});
