import { z } from 'zod';

import { apiRequestSchema, apiSchema, MultiLineText, Uuid } from '../common';
import { ExpenseCategory } from './expense';

/**
 * Import and export of a pot's expenses. Kitty writes its own CSV (Splitwise's layout plus
 * who paid); it reads that, a Splitwise group export (CSV) and a Spliit group export (JSON or CSV).
 */
export const IMPORT_FORMATS = ['kitty-csv', 'splitwise-csv', 'spliit-json', 'spliit-csv'] as const;
export const ImportFormat = z.enum(IMPORT_FORMATS);
export type ImportFormat = z.infer<typeof ImportFormat>;

/** Characters of an imported file: a Splitwise group with thousands of expenses is well under this. */
export const MAX_IMPORT_FILE_CHARS = 1_000_000;

/** Expenses in one imported file. */
export const MAX_IMPORT_ROWS = 2_000;

/** Names (people) in one imported file. */
export const MAX_IMPORT_NAMES = 200;

/**
 * Expenses recorded by one import request: each is a transaction of its own (tens of milliseconds, far more
 * on a busy server), and a request must answer within the RPC timeout. The client sends the next batch.
 */
export const IMPORT_BATCH_ROWS = 10;

/** A file's text: line breaks and tabs, but no other control characters (as every text the API takes). */
const FileText = MultiLineText()
  .min(1, 'The file is empty.')
  .max(MAX_IMPORT_FILE_CHARS, `The file is too large: at most ${MAX_IMPORT_FILE_CHARS / 1_000_000} MB.`);

export const ImportPreviewRequest = apiRequestSchema(
  'ImportPreviewRequest',
  z
    .object({
      /** The file's text as read by the browser. */
      text: FileText,
      /** Omitted: worked out from the file. */
      format: ImportFormat.optional(),
    })
    .strict(),
);
export type ImportPreviewRequest = z.infer<typeof ImportPreviewRequest>;

/** Someone in the file (by the file's name for them) and what they paid or owe of one expense. */
export const ImportedAmount = apiSchema(
  'ImportedAmount',
  z.object({ name: z.string(), amountPence: z.number().int().positive() }),
);
export type ImportedAmount = z.infer<typeof ImportedAmount>;

export const ImportedExpense = apiSchema(
  'ImportedExpense',
  z.object({
    /** Its line in the file (1 is the header), or its place in a JSON file's list (from 1). */
    row: z.number().int().positive(),
    /** As the file gives it (YYYY-MM-DD), or null. */
    date: z.string().nullable(),
    description: z.string(),
    category: ExpenseCategory,
    amountPence: z.number().int().positive(),
    payers: z.array(ImportedAmount),
    shares: z.array(ImportedAmount),
    /** A repayment between people (Splitwise 'Payment', Spliit reimbursement, Kitty payment). */
    isPayment: z.boolean(),
    /** Imported into this pot before: importing again leaves it as it is. */
    alreadyImported: z.boolean(),
  }),
);
export type ImportedExpense = z.infer<typeof ImportedExpense>;

/** A row that cannot be imported, and why, in words for the person importing. */
export const ImportRowProblem = apiSchema(
  'ImportRowProblem',
  z.object({ row: z.number().int().nonnegative(), message: z.string() }),
);
export type ImportRowProblem = z.infer<typeof ImportRowProblem>;

/** A name in the file and the pot member it stands for (null: nobody yet). */
export const ImportNameMapping = apiSchema(
  'ImportNameMapping',
  z.object({ name: z.string(), memberId: Uuid.nullable() }),
);
export type ImportNameMapping = z.infer<typeof ImportNameMapping>;

export const ImportPreview = apiSchema(
  'ImportPreview',
  z.object({
    format: ImportFormat,
    expenses: z.array(ImportedExpense),
    problems: z.array(ImportRowProblem),
    /** Every name in the file, each with the member of the same name (case and spaces aside) or null. */
    mapping: z.array(ImportNameMapping),
  }),
);
export type ImportPreview = z.infer<typeof ImportPreview>;

export const ImportRequest = apiRequestSchema(
  'ImportRequest',
  z
    .object({
      text: FileText,
      format: ImportFormat,
      /** Each name in the file that pays or shares something, and the member it stands for. */
      mapping: z
        .array(z.object({ name: z.string().max(200), memberId: Uuid }).strict())
        .max(MAX_IMPORT_NAMES),
      /** Where this batch starts among the file's importable expenses: 0, then the last answer's nextIndex. */
      fromIndex: z.number().int().nonnegative().max(MAX_IMPORT_ROWS).default(0),
    })
    .strict(),
);
export type ImportRequest = z.infer<typeof ImportRequest>;

export const ImportResult = apiSchema(
  'ImportResult',
  z.object({
    /** Expenses of this batch recorded by this request. */
    created: z.number().int().nonnegative(),
    /** Expenses of this batch recorded by an earlier import (left as they are). */
    alreadyImported: z.number().int().nonnegative(),
    /** Rows not imported, and why: the file's own problems with the first batch, then this batch's. */
    problems: z.array(ImportRowProblem),
    /** Where the next batch starts (send it as fromIndex), or null when the whole file is done. */
    nextIndex: z.number().int().positive().nullable(),
    /** The file's importable expenses, for 'Importing 30 of 120'. */
    total: z.number().int().nonnegative(),
  }),
);
export type ImportResult = z.infer<typeof ImportResult>;

/** The pot's expenses and payments as Kitty CSV. */
export const PotExportFile = z.object({ fileName: z.string(), csv: z.string() });
export type PotExportFile = z.infer<typeof PotExportFile>;
