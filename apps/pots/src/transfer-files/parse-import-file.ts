import { type ImportFormat, MAX_IMPORT_NAMES, MAX_IMPORT_ROWS } from '@kitty/contracts';
import { CsvSyntaxError, parseCsv } from '@kitty/nest-common';

import { type ParsedFile, UnreadableFile } from './imported-rows';
import { isKittyHeader, parseKittyCsv } from './kitty-csv';
import { isSpliitHeader, parseSpliitCsv } from './spliit-csv';
import { isSpliitJson, parseSpliitJson } from './spliit-json';
import { isSplitwiseHeader, parseSplitwiseCsv } from './splitwise-csv';

function csvRows(text: string): string[][] {
  try {
    return parseCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError)
      throw new UnreadableFile(`This CSV file is broken: ${error.message}`);
    throw error;
  }
}

/** Which export a file is, from its first line (CSV) or its shape (JSON); null when none fits. */
export function detectFormat(text: string): ImportFormat | null {
  if (isSpliitJson(text)) return 'spliit-json';
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const header = csvRows(`${firstLine}\n`)[0] ?? [];
  if (isKittyHeader(header)) return 'kitty-csv';
  if (isSpliitHeader(header)) return 'spliit-csv';
  if (isSplitwiseHeader(header)) return 'splitwise-csv';
  return null;
}

const READERS: Record<ImportFormat, (text: string) => Omit<ParsedFile, 'format'>> = {
  'kitty-csv': (text) => parseKittyCsv(csvRows(text)),
  'splitwise-csv': (text) => parseSplitwiseCsv(csvRows(text)),
  'spliit-csv': (text) => parseSpliitCsv(csvRows(text)),
  'spliit-json': parseSpliitJson,
};

/**
 * A file's expenses in one neutral shape, whichever app exported it (`format`, or worked out). Throws
 * UnreadableFile when the file is not that format or is larger than an import takes.
 */
export function parseImportFile(text: string, format?: ImportFormat): ParsedFile {
  const chosen = format ?? detectFormat(text);
  if (!chosen)
    throw new UnreadableFile(
      'Kitty cannot tell what this file is. Choose a Kitty or Splitwise CSV export, or a Spliit CSV or JSON export.',
    );
  const parsed = READERS[chosen](text);
  if (parsed.expenses.length + parsed.problems.length > MAX_IMPORT_ROWS)
    throw new UnreadableFile(
      `The file has more than ${MAX_IMPORT_ROWS} expenses. Split it and import each part.`,
    );
  if (parsed.names.length > MAX_IMPORT_NAMES)
    throw new UnreadableFile(`The file names more than ${MAX_IMPORT_NAMES} people.`);
  return { format: chosen, ...parsed };
}
