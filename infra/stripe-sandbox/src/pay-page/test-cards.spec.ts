import { checkCard, luhnValid } from './test-cards';

const now = new Date('2026-06-15T12:00:00Z');
const valid = { number: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123', name: 'Ada Lovelace' };

describe('checkCard', () => {
  it('accepts 4242 4242 4242 4242 and keeps only brand, last four and expiry', () => {
    const result = checkCard(valid, now);
    expect(result).toEqual({
      ok: true,
      card: {
        brand: 'visa',
        last4: '4242',
        expMonth: 12,
        expYear: 2030,
        funding: 'credit',
        country: 'US',
        decline: null,
      },
    });
    expect(JSON.stringify(result)).not.toContain('4242424242424242');
    expect(JSON.stringify(result)).not.toContain('123');
  });

  it.each([
    ['4000 0000 0000 0002', 'card_declined', 'generic_decline'],
    ['4000 0000 0000 9995', 'card_declined', 'insufficient_funds'],
    ['4000 0000 0000 0069', 'expired_card', 'expired_card'],
    ['4000 0000 0000 0127', 'incorrect_cvc', 'incorrect_cvc'],
    ['4000 0000 0000 0119', 'processing_error', 'processing_error'],
  ])('declines the test card %s with %s / %s', (number, code, declineCode) => {
    const result = checkCard({ ...valid, number }, now);
    expect(result.ok && result.card.decline).toMatchObject({ code, declineCode });
  });

  it('declines a Luhn-valid card that is not a Stripe test card, as test mode does', () => {
    const result = checkCard({ ...valid, number: '4111 1111 1111 1111' }, now);
    expect(result.ok && result.card.decline?.declineCode).toBe('test_mode_live_card');
  });

  it.each([
    ['number', { number: '4242 4242 4242 4241' }],
    ['number', { number: '4242' }],
    ['expiry', { expiry: '13 / 30' }],
    ['expiry', { expiry: '05 / 26' }],
    ['expiry', { expiry: 'soon' }],
    ['cvc', { cvc: '12' }],
    ['cvc', { number: '3782 822463 10005', cvc: '123' }],
    ['name', { name: '  ' }],
  ])('points at the %s field when it is wrong', (field, change) => {
    expect(checkCard({ ...valid, ...change }, now)).toMatchObject({ ok: false, field });
  });

  it('accepts the current month and four-digit years', () => {
    expect(checkCard({ ...valid, expiry: '06/2026' }, now).ok).toBe(true);
  });
});

describe('luhnValid', () => {
  it('checks the Luhn digit', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('5555555555554444')).toBe(true);
    expect(luhnValid('4242424242424243')).toBe(false);
  });
});
