import { RowProblem } from './imported-rows';

// Pounds as exports write them: digits, optionally a point and one or two decimals ('12', '12.5', '12.50').
// Anything else is refused rather than guessed at: '1,000.00' and '1.000,00' (which separator is which?),
// '12.345', '£12', '1e3'.
const POUNDS = /^(-?)(\d{1,12})(?:\.(\d{1,2}))?$/;

/** A cell of pounds → pence, exactly; `signed` allows a leading minus (net amounts). Blank is 0. */
export function penceOfCell(text: string, row: number, column: string, signed = false): number {
  const cell = text.trim();
  if (cell === '') return 0;
  const match = POUNDS.exec(cell);
  if (!match || (match[1] === '-' && !signed))
    throw new RowProblem(
      row,
      `${column}: '${cell}' is not an amount Kitty can read. Write pounds with a point and at most two ` +
        `decimals and no thousands separators, e.g. 1234.50.`,
    );
  const [, sign, pounds, decimals = ''] = match;
  const pence = Number(pounds) * 100 + Number(decimals.padEnd(2, '0'));
  if (!Number.isSafeInteger(pence)) throw new RowProblem(row, `${column}: '${cell}' is too large.`);
  return sign === '-' && pence !== 0 ? -pence : pence;
}
