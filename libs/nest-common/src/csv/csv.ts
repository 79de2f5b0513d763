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
  // Headings are cells too: a member's name heads a column of a pot's export.
  const lines = [
    columns.map((column) => cell(column)).join(','),
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

/** A cell `toCsv` (or another formula-safe exporter) wrote as text, back to what it was: `'=1` → `=1`. */
export function formulaUnescaped(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

export class CsvSyntaxError extends Error {}

/**
 * RFC 4180 CSV → rows of cells, exactly as written (no trimming, no unescaping of formulas). Accepts CRLF or
 * LF line ends, a UTF-8 byte order mark, and a missing final line end; refuses a quote left open.
 */
export function parseCsv(text: string): string[][] {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let value = '';
  let quoted = false;
  let index = 0;
  const endCell = () => {
    row.push(value);
    value = '';
  };
  const endRow = () => {
    endCell();
    rows.push(row);
    row = [];
  };
  while (index < source.length) {
    const char = source[index];
    if (quoted) {
      if (char === '"' && source[index + 1] === '"') {
        value += '"';
        index += 2;
        continue;
      }
      if (char === '"') quoted = false;
      else value += char;
      index += 1;
      continue;
    }
    if (char === '"' && value === '') quoted = true;
    else if (char === ',') endCell();
    else if (char === '\n') endRow();
    else if (char === '\r' && source[index + 1] === '\n') {
      endRow();
      index += 1;
    } else value += char;
    index += 1;
  }
  if (quoted) throw new CsvSyntaxError('A quoted cell is never closed.');
  if (value !== '' || row.length > 0) endRow();
  return rows;
}
