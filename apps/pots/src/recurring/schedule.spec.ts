import fc from 'fast-check';

import { addDays, followingDue, nextDueAfter } from './schedule';

describe('recurring schedule', () => {
  it('is due a week later, across months, years and the clock change', () => {
    expect(nextDueAfter('2026-03-27', '2026-03-27', 'weekly')).toBe('2026-04-03');
    expect(nextDueAfter('2026-12-29', '2026-12-01', 'weekly')).toBe('2027-01-05');
  });

  it("is due monthly on the start's day, or the month's last day when it has fewer", () => {
    const start = '2026-01-31';
    const days = [start];
    for (let i = 0; i < 4; i += 1) days.push(nextDueAfter(days.at(-1) ?? start, start, 'monthly'));
    expect(days).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31']);
    expect(nextDueAfter('2028-01-30', '2027-12-30', 'monthly')).toBe('2028-02-29');
    expect(nextDueAfter('2026-12-15', '2026-12-15', 'monthly')).toBe('2027-01-15');
  });

  it('ends after the last day', () => {
    const rule = { startOn: '2026-12-01', endOn: '2027-02-01', frequency: 'monthly' as const };
    expect(followingDue('2026-12-01', rule)).toBe('2027-01-01');
    expect(followingDue('2027-01-01', rule)).toBe('2027-02-01');
    expect(followingDue('2027-02-01', rule)).toBeNull();
    expect(followingDue('2026-12-01', { ...rule, endOn: null })).toBe('2027-01-01');
  });

  it('moves forward 28 to 31 days a month, on the same day of the month when it exists', () => {
    const day = fc
      .record({ year: fc.integer({ min: 2000, max: 2100 }), offset: fc.integer({ min: 0, max: 365 }) })
      .map(({ year, offset }) => addDays(`${year}-01-01`, offset));
    fc.assert(
      fc.property(day, fc.integer({ min: 1, max: 30 }), (start, steps) => {
        let due = start;
        for (let i = 0; i < steps; i += 1) {
          const next = nextDueAfter(due, start, 'monthly');
          const gap = (Date.parse(next) - Date.parse(due)) / 86_400_000;
          expect(gap).toBeGreaterThanOrEqual(28);
          expect(gap).toBeLessThanOrEqual(31);
          const startDay = Number(start.slice(8));
          const nextDay = Number(next.slice(8));
          expect(nextDay === startDay || (nextDay < startDay && addDays(next, 1).endsWith('-01'))).toBe(true);
          due = next;
        }
      }),
    );
  });
});
