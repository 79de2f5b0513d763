export type CsvCell = string | number | boolean | null;

/** A cell a spreadsheet would run as a formula (OWASP CSV injection): shown as text instead. */
const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: CsvCell): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180 CSV with a header row and CRLF line ends; every row has the header's columns. */
export function toCsv<Column extends string>(
  columns: readonly Column[],
  rows: readonly Record<Column, CsvCell>[],
): string {
  const lines = [
    columns.join(','),
    ...rows.map((row) => columns.map((column) => cell(row[column])).join(',')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

/** Pence as pounds with two decimals ('-12.05'), exact: no floating point. */
export function poundsOf(pence: number): string {
  const sign = pence < 0 ? '-' : '';
  const whole = Math.abs(pence);
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}
