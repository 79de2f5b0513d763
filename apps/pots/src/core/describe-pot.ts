const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A calendar date (YYYY-MM-DD, already validated) as its parts: no time zone can move it a day. */
const partsOf = (isoDate: string) => {
  const [year, month, day] = isoDate.split('-').map(Number);
  return { year, month: MONTHS[month - 1], day };
};

/** A calendar date as people write it: '1 Jul 2026'. */
export function formatDay(isoDate: string): string {
  const { day, month, year } = partsOf(isoDate);
  return `${day} ${month} ${year}`;
}

/**
 * The trip's dates as people write them: '1–8 Jul 2026', '28 Jun – 3 Jul 2026', '30 Dec 2026 – 2 Jan 2027',
 * 'From 1 Jul 2026', 'Until 8 Jul 2026'.
 */
export function formatDateRange(startDate?: string, endDate?: string): string | null {
  if (!startDate && !endDate) return null;
  if (!endDate) {
    const start = partsOf(startDate as string);
    return `From ${start.day} ${start.month} ${start.year}`;
  }
  const end = partsOf(endDate);
  if (!startDate) return `Until ${end.day} ${end.month} ${end.year}`;
  const start = partsOf(startDate);
  if (startDate === endDate) return `${start.day} ${start.month} ${start.year}`;
  if (start.year !== end.year)
    return `${start.day} ${start.month} ${start.year} – ${end.day} ${end.month} ${end.year}`;
  if (start.month !== end.month) return `${start.day} ${start.month} – ${end.day} ${end.month} ${end.year}`;
  return `${start.day}–${end.day} ${end.month} ${end.year}`;
}

/**
 * Spec §5: the description is composed of the Location and the dates, joined with ' | '; nothing → null.
 * The dates read as a range ('1–8 Jul 2026'), not as two ISO strings.
 */
export function describePot(parts: {
  location?: string;
  startDate?: string;
  endDate?: string;
}): string | null {
  const pieces = [
    parts.location ? `Location: ${parts.location}` : null,
    formatDateRange(parts.startDate, parts.endDate),
  ].filter((piece): piece is string => piece !== null);
  return pieces.length > 0 ? pieces.join(' | ') : null;
}
