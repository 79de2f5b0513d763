import { amountWithOriginal, convert, currencySymbol, impliedRate, parseMinor } from './foreign';

describe('convert', () => {
  it('keeps pounds as they are', () => {
    expect(convert({ currency: 'GBP', amountMinor: 1999, method: 'rate' })).toEqual({
      status: 'ok',
      amountPence: 1999,
    });
  });

  it('converts at the rate typed, half up to the penny, as the server does', () => {
    expect(convert({ currency: 'EUR', amountMinor: 4500, method: 'rate', rateText: ' 0.858 ' })).toEqual({
      status: 'ok',
      amountPence: 3861,
      original: { currency: 'EUR', amountMinor: 4500, rate: '0.858' },
    });
    expect(
      convert({ currency: 'JPY', amountMinor: 10_000, method: 'rate', rateText: '0.0052' }),
    ).toMatchObject({
      amountPence: 5200,
    });
  });

  it('takes what the bank charged instead, without a rate', () => {
    expect(convert({ currency: 'USD', amountMinor: 5000, method: 'bank', chargedText: '39.12' })).toEqual({
      status: 'ok',
      amountPence: 3912,
      original: { currency: 'USD', amountMinor: 5000 },
    });
  });

  it('says what is missing or wrong', () => {
    expect(convert({ currency: 'EUR', amountMinor: null, method: 'rate' })).toMatchObject({
      status: 'incomplete',
    });
    expect(convert({ currency: 'EUR', amountMinor: 4500, method: 'rate', rateText: '' })).toEqual({
      status: 'incomplete',
      message: 'Enter the rate: how many pounds one EUR cost.',
    });
    expect(convert({ currency: 'EUR', amountMinor: 4500, method: 'rate', rateText: '1e3' })).toEqual({
      status: 'error',
      message: 'Enter the rate as pounds for one unit, e.g. 0.858 (up to 8 decimals).',
    });
    expect(convert({ currency: 'EUR', amountMinor: 1, method: 'rate', rateText: '0.001' })).toEqual({
      status: 'error',
      message: 'At this rate the expense is less than a penny.',
    });
    expect(convert({ currency: 'EUR', amountMinor: 4500, method: 'bank', chargedText: '38.615' })).toEqual({
      status: 'error',
      message: 'Enter what your bank charged in pounds, e.g. 38.61.',
    });
  });
});

describe('impliedRate', () => {
  it('is the pounds a bank charged for one unit of the currency, to 4 decimals', () => {
    expect(impliedRate(4500, 'EUR', 3861)).toBe('0.8580');
    expect(impliedRate(4500, 'JPY', 2400)).toBe('0.0053');
  });
});

describe('amounts in other currencies', () => {
  it('reads them with the currency’s own decimals', () => {
    expect(parseMinor('45', 'EUR')).toBe(4500);
    expect(parseMinor('4500', 'JPY')).toBe(4500);
    expect(parseMinor('45.5', 'JPY')).toBeNull();
    expect(parseMinor('0', 'EUR')).toBeNull();
  });

  it("shows the original beside the pounds: '€45.00 (£38.61)'", () => {
    expect(amountWithOriginal(3861, { currency: 'EUR', amountMinor: 4500 })).toBe('€45.00 (£38.61)');
    expect(amountWithOriginal(3861, null)).toBe('£38.61');
    expect(currencySymbol('EUR')).toBe('€');
  });
});
