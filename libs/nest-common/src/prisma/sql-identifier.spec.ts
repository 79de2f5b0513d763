import { sqlIdentifier } from './sql-identifier';

describe('sqlIdentifier', () => {
  it('quotes each part of a plain name', () => {
    expect(sqlIdentifier('issuing')).toBe('"issuing"');
    expect(sqlIdentifier('issuing', 'payment_accounts')).toBe('"issuing"."payment_accounts"');
  });

  it.each(['', 'Issuing', 'a"b', 'a b', 'a;drop', '1st', 'x'.repeat(64), 'pots.outbox'])(
    'refuses %j rather than writing it into SQL',
    (part) => {
      expect(() => sqlIdentifier(part)).toThrow('Not a plain SQL name');
      expect(() => sqlIdentifier('issuing', part)).toThrow('Not a plain SQL name');
    },
  );
});
