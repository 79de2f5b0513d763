import fc from 'fast-check';

import { InvalidAmountError } from './errors';
import { formatPence } from './format';
import { MAX_PENCE, penceToPounds } from './pence';

describe('formatPence', () => {
  it.each([
    [1234567, '£12,345.67'],
    [0, '£0.00'],
    [5, '£0.05'],
    [100, '£1.00'],
    [-100, '-£1.00'],
    [-5, '-£0.05'],
    [500000, '£5,000.00'],
    [MAX_PENCE, '£90,071,992,547,409.91'],
  ])('shows %p pence as %p', (pence, expected) => {
    expect(formatPence(pence)).toBe(expected);
  });

  it('refuses what is not pence', () => {
    expect(() => formatPence(0.5)).toThrow(InvalidAmountError);
  });

  it('property: every safe amount is shown to the exact penny', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (pence) => {
        const shown = formatPence(pence);
        expect(shown).toMatch(/^-?£\d{1,3}(,\d{3})*\.\d{2}$/);
        expect(shown.replace('£', '').replaceAll(',', '')).toBe(penceToPounds(pence));
      }),
      { numRuns: 5000 },
    );
  });
});
