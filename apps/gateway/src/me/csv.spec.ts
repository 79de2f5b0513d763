import { poundsOf, toCsv } from './csv';

describe('toCsv', () => {
  it('writes a header and quotes what needs quoting', () => {
    expect(
      toCsv(
        ['name', 'note', 'amount'],
        [
          { name: 'Dinner, Friday', note: 'she said "hi"', amount: 1250 },
          { name: 'Line\nbreak', note: null, amount: 0 },
        ],
      ),
    ).toBe('name,note,amount\r\n"Dinner, Friday","she said ""hi""",1250\r\n"Line\nbreak",,0\r\n');
  });

  it.each(['=HYPERLINK("http://evil")', '+1+1', '-2+3', '@SUM(A1)', '\tx', '\rx'])(
    'never lets a spreadsheet run %j as a formula',
    (text) => {
      const [, row] = toCsv(['text'], [{ text }]).split('\r\n');
      expect(row.replace(/^"/, '')).toMatch(/^'/);
    },
  );

  it('keeps negative numbers as numbers', () => {
    expect(toCsv(['n'], [{ n: -5 }])).toBe('n\r\n-5\r\n');
  });
});

describe('poundsOf', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [1250, '12.50'],
    [-1205, '-12.05'],
    [123_456_789, '1234567.89'],
  ])('%d pence is £%s', (pence, pounds) => {
    expect(poundsOf(pence)).toBe(pounds);
  });
});
