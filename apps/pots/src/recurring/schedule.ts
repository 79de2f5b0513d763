import type { RecurringFrequency } from '@kitty/contracts';

/** Calendar days as 'YYYY-MM-DD' (UK calendar days: no time, no zone). */
export type CalendarDay = string;

const MS_PER_DAY = 86_400_000;

const toUtc = (day: CalendarDay) => Date.parse(`${day}T00:00:00Z`);
const fromUtc = (ms: number): CalendarDay => new Date(ms).toISOString().slice(0, 10);

export const addDays = (day: CalendarDay, days: number): CalendarDay =>
  fromUtc(toUtc(day) + days * MS_PER_DAY);

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * The day after `due` on which a rule that started on `startOn` is due again: a week later, or the next
 * month on the start's day of the month, or that month's last day when it has fewer days (a rule from
 * 31 Jan is due 28 Feb, then 31 Mar: the start's day, not the previous due day, sets each month's day).
 */
export function nextDueAfter(
  due: CalendarDay,
  startOn: CalendarDay,
  frequency: RecurringFrequency,
): CalendarDay {
  if (frequency === 'weekly') return addDays(due, 7);
  const [year, month] = due.split('-').map(Number);
  const nextYear = month === 12 ? year + 1 : year;
  const nextMonth = month === 12 ? 1 : month + 1;
  const day = Math.min(Number(startOn.slice(8, 10)), daysInMonth(nextYear, nextMonth));
  return `${nextYear}-${String(nextMonth).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The due day after `due`, or null when that is past the rule's last day. */
export function followingDue(
  due: CalendarDay,
  rule: { startOn: CalendarDay; endOn: CalendarDay | null; frequency: RecurringFrequency },
): CalendarDay | null {
  const next = nextDueAfter(due, rule.startOn, rule.frequency);
  return rule.endOn !== null && next > rule.endOn ? null : next;
}
