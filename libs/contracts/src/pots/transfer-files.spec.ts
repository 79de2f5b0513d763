import { ImportPreviewRequest, ImportRequest, MAX_IMPORT_FILE_CHARS } from './transfer-files';

describe('an imported file in a request', () => {
  const csv = '\uFEFFDate,Description\r\n2026-07-01,"Tab\there"\r\n';

  it('keeps line breaks, tabs and a byte order mark', () => {
    expect(ImportPreviewRequest.parse({ text: csv }).text).toContain('\r\n2026-07-01,"Tab\there"');
  });

  it.each(['\u0000', '\u0007', '\u001b', '\u202e'])('refuses control character %j', (control) => {
    expect(ImportPreviewRequest.safeParse({ text: `${csv}${control}x` }).success).toBe(false);
  });

  it('refuses an empty file and one over the limit, and starts an import at its first row', () => {
    expect(ImportPreviewRequest.safeParse({ text: '' }).success).toBe(false);
    expect(ImportPreviewRequest.safeParse({ text: 'x'.repeat(MAX_IMPORT_FILE_CHARS + 1) }).success).toBe(
      false,
    );
    expect(ImportRequest.parse({ text: csv, format: 'kitty-csv', mapping: [] }).fromIndex).toBe(0);
  });
});
