import {
  type Bill,
  BillInput,
  type ExpenseAmounts,
  expenseAmountsProblem,
  type ExpenseOriginal,
  type ExpenseOriginalInput,
  FOREIGN_CURRENCIES,
  type ForeignCurrency,
} from '@kitty/contracts';
import { billTotals, formatMinor, formatPence } from '@kitty/money';
import { ProblemError } from '@kitty/nest-common';

import { Prisma } from '../generated/prisma/client';

/** The columns an itemised bill and an original currency are kept in (null: none). */
export interface BillColumns {
  items: Prisma.InputJsonValue | typeof Prisma.DbNull;
  originalCurrency: string | null;
  originalAmountMinor: number | null;
  fxRate: string | null;
}

/**
 * Refuses amounts that disagree (`expenseAmountsProblem`): the API refuses them on arrival, and an edit
 * that changes one of them is checked again here against what it keeps of the expense.
 */
export function checkAmounts(amounts: ExpenseAmounts): void {
  const problem = expenseAmountsProblem(amounts);
  if (problem)
    throw ProblemError.of(400, 'Invalid request', problem.message, [
      { field: problem.path.join('.'), message: problem.message },
    ]);
}

export function billColumns(
  items: BillInput | undefined,
  original: ExpenseOriginalInput | null | undefined,
): BillColumns {
  return {
    // Prisma writes SQL NULL into a Json column only when told so with its marker.
    items: items ? (items as unknown as Prisma.InputJsonValue) : Prisma.DbNull,
    originalCurrency: original?.currency ?? null,
    originalAmountMinor: original?.amountMinor ?? null,
    fxRate: original?.rate ?? null,
  };
}

/** The bill as stored, read back through its own schema (a row can only hold what was valid). */
export function storedBill(items: unknown): BillInput | undefined {
  return items === null || items === undefined ? undefined : BillInput.parse(items);
}

export function storedOriginal(row: {
  originalCurrency: string | null;
  originalAmountMinor: bigint | null;
  fxRate: string | null;
}): ExpenseOriginalInput | null {
  if (row.originalCurrency === null || row.originalAmountMinor === null) return null;
  return {
    currency: row.originalCurrency as ForeignCurrency,
    amountMinor: Number(row.originalAmountMinor),
    ...(row.fxRate === null ? {} : { rate: row.fxRate }),
  };
}

/** The bill as the API shows it: its lines, and tax/service as amounts (a percentage worked out). */
export function toBill(items: BillInput): Bill {
  const totals = billTotals(
    items.lines,
    items.extras.map((extra) =>
      extra.basisPoints === undefined ? { amount: extra.amount ?? 0 } : { basisPoints: extra.basisPoints },
    ),
  );
  return {
    lines: items.lines.map(({ description, amount, memberIds }) => ({ description, amount, memberIds })),
    extras: items.extras.map((extra, index) => ({
      kind: extra.kind,
      amount: totals.extras[index],
      basisPoints: extra.basisPoints ?? null,
    })),
    subtotal: totals.subtotal,
    total: totals.total,
  };
}

export function toOriginal(original: ExpenseOriginalInput | null): ExpenseOriginal | null {
  return (
    original && {
      currency: original.currency,
      amountMinor: original.amountMinor,
      rate: original.rate ?? null,
    }
  );
}

/** An amount of the expense's own currency (pence, or the original's minor units) as people read it. */
export function inExpenseCurrency(amount: number, original: ExpenseOriginalInput | null | undefined): string {
  return original
    ? formatMinor(amount, original.currency, FOREIGN_CURRENCIES[original.currency].minorUnits)
    : formatPence(amount);
}

/** '£38.61', or '€45.00 (£38.61)' for an expense paid in another currency. */
export function amountText(amountPence: number, original: ExpenseOriginalInput | null | undefined): string {
  return original
    ? `${inExpenseCurrency(original.amountMinor, original)} (${formatPence(amountPence)})`
    : formatPence(amountPence);
}
