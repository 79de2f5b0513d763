import { describePot } from './describe-pot';

describe('describePot', () => {
  it("joins the parts that are present with ' | '", () => {
    expect(describePot({ location: 'Lisbon', startDate: '2026-12-01', endDate: '2026-12-08' })).toBe(
      'Location: Lisbon | Start: 2026-12-01 | End: 2026-12-08',
    );
    expect(describePot({ endDate: '2026-12-08' })).toBe('End: 2026-12-08');
  });

  it('is null when nothing was given', () => {
    expect(describePot({})).toBeNull();
    expect(describePot({ location: '' })).toBeNull();
  });
});
