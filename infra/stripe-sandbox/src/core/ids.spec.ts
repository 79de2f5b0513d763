import { ID_PREFIX, newId, randomToken } from './ids';

describe('ids', () => {
  it('uses Stripe’s prefixes, with long unguessable checkout session ids', () => {
    expect(newId(ID_PREFIX.checkoutSession)).toMatch(/^cs_test_[0-9A-Za-z]{58}$/);
    expect(newId(ID_PREFIX.payout)).toMatch(/^po_[0-9A-Za-z]{24}$/);
    expect(newId(ID_PREFIX.event)).toMatch(/^evt_[0-9A-Za-z]{24}$/);
  });

  it('does not repeat', () => {
    const ids = new Set(Array.from({ length: 10_000 }, () => randomToken(24)));
    expect(ids.size).toBe(10_000);
  });
});
