import { checkBacs } from './test-bank-accounts';

const valid = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  sortCode: '10-88-00',
  accountNumber: '00012345',
};

describe('checkBacs', () => {
  it('accepts a test account and keeps only the sort code, the last four digits and a fingerprint', () => {
    expect(checkBacs(valid)).toEqual({
      ok: true,
      account: {
        sortCode: '108800',
        last4: '2345',
        fingerprint: expect.stringMatching(/^[\w-]{16}$/),
        accountHolderName: 'Ada Lovelace',
        email: 'ada@example.com',
        failure: null,
      },
    });
  });

  it('marks account 33333335 to fail later', () => {
    const result = checkBacs({ ...valid, accountNumber: '33333335' });
    expect(result.ok && result.account.failure?.code).toBe('debit_not_authorized');
  });

  it.each([
    ['name', { name: '' }],
    ['email', { email: 'not-an-email' }],
    ['sortCode', { sortCode: '1088' }],
    ['accountNumber', { accountNumber: '1234' }],
  ])('points at the %s field when it is wrong', (field, change) => {
    expect(checkBacs({ ...valid, ...change })).toMatchObject({ ok: false, field });
  });
});
