import { describePot, formatDateRange } from './describe-pot';

describe('describePot', () => {
  it("joins the location and the dates with ' | '", () => {
    expect(describePot({ location: 'Lisbon', startDate: '2026-12-01', endDate: '2026-12-08' })).toBe(
      'Location: Lisbon | 1–8 Dec 2026',
    );
    expect(describePot({ endDate: '2026-12-08' })).toBe('Until 8 Dec 2026');
    expect(describePot({ location: 'Leeds' })).toBe('Location: Leeds');
  });

  it('is null when nothing was given', () => {
    expect(describePot({})).toBeNull();
    expect(describePot({ location: '' })).toBeNull();
  });
});

describe('formatDateRange', () => {
  it.each([
    ['2026-07-01', '2026-07-08', '1–8 Jul 2026'],
    ['2026-06-28', '2026-07-03', '28 Jun – 3 Jul 2026'],
    ['2026-12-30', '2027-01-02', '30 Dec 2026 – 2 Jan 2027'],
    ['2026-07-01', '2026-07-01', '1 Jul 2026'],
    ['2026-07-01', undefined, 'From 1 Jul 2026'],
    [undefined, '2026-07-08', 'Until 8 Jul 2026'],
    ['2028-02-29', '2028-03-01', '29 Feb – 1 Mar 2028'],
  ])('%s to %s reads %s', (start, end, expected) => {
    expect(formatDateRange(start, end)).toBe(expected);
  });
});
