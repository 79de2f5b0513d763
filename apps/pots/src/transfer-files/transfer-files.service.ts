import {
  CreateExpenseRequest,
  type CreateSettlementRequest,
  EARLIEST_SPENT_ON,
  IMPORT_BATCH_ROWS,
  type ImportBatchCommand,
  type ImportPreview,
  type ImportResult,
  latestSpentOn,
  type PotExportFile,
  type PotQuery,
  type PreviewImportCommand,
  RPC_TIMEOUT_MS,
} from '@kitty/contracts';
import { ProblemError } from '@kitty/nest-common';
import { Injectable } from '@nestjs/common';

import { BalancesService, settlementIdOf } from '../balances/balances.service';
import { requireMember, requireOpenPot, requireOwner } from '../core/pot-access';
import { spentOnOf, ukToday } from '../core/uk-day';
import { UnitOfWork } from '../core/unit-of-work';
import { ExpenseService } from '../expenses/expense.service';
import { expenseExists } from '../expenses/expenses.repository';
import { importedExpenseId, importKeys } from './import-keys';
import { type ParsedExpense, type ParsedFile, UnreadableFile } from './imported-rows';
import { columnNames, type ExportRow, writeKittyCsv } from './kitty-csv';
import { nameKey, proposeMapping } from './name-matching';
import { parseImportFile } from './parse-import-file';
import {
  currentMemberNames,
  existingExpenseIds,
  existingSettlementIds,
  exportedHistoryOf,
  rememberedNameChoices,
  rememberNameChoices,
  settlementExists,
} from './transfer-files.repository';

const IMPORT_ACTION = 'import expenses';

/**
 * A batch stops taking rows after this long and answers where the next one starts: each expense waits for
 * the pot's lock, which other imports (a second tab, a double click) and members hold too, and the answer
 * must reach the gateway within the RPC timeout.
 */
const BATCH_TIME_BUDGET_MS = RPC_TIMEOUT_MS / 3;

/** 'Lisbon trip' → 'lisbon-trip', for file names. */
const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'pot';

/** A file's date, kept when it is a day an expense may carry (YYYY-MM-DD, 2000 to today). */
function spentOnFromFile(date: string | null): { spentOn?: string } {
  if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date))) return {};
  return date >= EARLIEST_SPENT_ON && date <= latestSpentOn() ? { spentOn: date } : {};
}

/**
 * Import and export of a pot's expenses. Any member may export; only the owner imports:
 * the owner's record of someone else's payment counts at once, and the expenses' ids derive from the
 * owner and each row's key, so importing a file again records nothing twice.
 */
@Injectable()
export class TransferFilesService {
  constructor(
    private readonly work: UnitOfWork,
    private readonly expenses: ExpenseService,
    private readonly balances: BalancesService,
  ) {}

  /** Every confirmed expense and payment, oldest first, as Kitty CSV. */
  async export({ caller, potId }: PotQuery): Promise<PotExportFile> {
    await requireMember(this.work.alone, potId, caller.userId);
    const [pot, members, expenses, settlements] = await exportedHistoryOf(this.work.alone, potId);
    const owner = members.filter((member) => member.role === 'owner');
    const ordered = [...owner, ...members.filter((member) => member.role !== 'owner')];
    const columns = columnNames(ordered.map((member) => member.name));
    const columnOf = new Map(ordered.map((member, index) => [member.id, columns[index]]));
    const named = (rows: { memberId: string; amountPence: bigint }[]) =>
      rows.map((row) => ({ name: columnOf.get(row.memberId) ?? '', amountPence: Number(row.amountPence) }));
    const rows: (ExportRow & { at: Date })[] = [
      ...expenses.map((expense) => ({
        at: expense.createdAt,
        date: spentOnOf(expense),
        description: expense.description,
        category: expense.category as ExportRow['category'],
        amountPence: Number(expense.amountPence),
        // Paid from the pot: the pot is nobody's column, so the row says only who shared it.
        payers: named(expense.payers),
        shares: named(expense.shares),
        isPayment: false,
      })),
      ...settlements.map((settlement) => {
        const from = columnOf.get(settlement.fromMemberId) ?? '';
        const to = columnOf.get(settlement.toMemberId) ?? '';
        const amountPence = Number(settlement.amountPence);
        return {
          at: settlement.createdAt,
          date: ukToday(settlement.createdAt),
          description: `${from} paid ${to}`,
          category: 'other' as const,
          amountPence,
          payers: [{ name: from, amountPence }],
          shares: [{ name: to, amountPence }],
          isPayment: true,
        };
      }),
    ].sort((a, b) => a.at.getTime() - b.at.getTime());
    return {
      fileName: `kitty-${slug(pot.name)}-${ukToday()}.csv`,
      csv: writeKittyCsv(columns, rows),
    };
  }

  /** What the file holds, which of it was imported before, and whom each name in it probably is. */
  async preview({ caller, potId, body }: PreviewImportCommand): Promise<ImportPreview> {
    await requireOwner(this.work.alone, potId, caller.userId, IMPORT_ACTION);
    const file = readFile(body.text, body.format);
    const keys = importKeys(potId, file.expenses);
    const expenseIds = keys.map((key) => importedExpenseId(caller.userId, key));
    // A payment row is recorded as a settlement (see paymentFor), under the id its key gives one.
    const paymentIds = keys.map((key) => settlementIdOf({ caller, idempotencyKey: key }));
    const [existing, existingPayments, members, remembered] = await Promise.all([
      existingExpenseIds(this.work.alone, expenseIds),
      existingSettlementIds(this.work.alone, paymentIds),
      currentMemberNames(this.work.alone, potId),
      rememberedNameChoices(this.work.alone, potId),
    ]);
    const imported = new Set([...existing, ...existingPayments].map(({ id }) => id));
    return {
      format: file.format,
      expenses: file.expenses.map((expense, index) => ({
        ...expense,
        alreadyImported: imported.has(expenseIds[index]) || imported.has(paymentIds[index]),
      })),
      problems: file.problems,
      mapping: proposeMapping(file.names, members, remembered),
    };
  }

  /**
   * Records up to IMPORT_BATCH_ROWS of the file's expenses from `fromIndex` (fewer once the time budget is
   * spent), each as a member-paid expense split by exact amounts under its row's Idempotency-Key: one already
   * recorded (by an earlier import, or by another running at the same time) is counted and left as it is.
   */
  async importBatch({ caller, potId, body }: ImportBatchCommand): Promise<ImportResult> {
    const { fromIndex } = body;
    await requireOwner(this.work.alone, potId, caller.userId, IMPORT_ACTION);
    await requireOpenPot(this.work.alone, potId, IMPORT_ACTION);
    const file = readFile(body.text, body.format);
    const members = await currentMemberNames(this.work.alone, potId);
    const memberOf = mappingOf(body.mapping, file, new Set(members.map(({ id }) => id)));
    // Every batch carries the same choices; the first keeps them for the pot's next file.
    if (fromIndex === 0) await this.work.transaction((tx) => rememberNameChoices(tx, potId, memberOf));
    const keys = importKeys(potId, file.expenses);
    const end = Math.min(fromIndex + IMPORT_BATCH_ROWS, file.expenses.length);
    const deadline = Date.now() + BATCH_TIME_BUDGET_MS;
    const result: ImportResult = {
      created: 0,
      alreadyImported: 0,
      // The file's own problems are told once, with the first batch.
      problems: fromIndex === 0 ? [...file.problems] : [],
      nextIndex: null,
      total: file.expenses.length,
    };
    let index = fromIndex;
    for (; index < end && (index === fromIndex || Date.now() < deadline); index++) {
      const expense = file.expenses[index];
      const key = keys[index];
      const payment = paymentFor(expense, memberOf);
      if (payment) {
        const id = settlementIdOf({ caller, idempotencyKey: key });
        if (await settlementExists(this.work.alone, id)) {
          result.alreadyImported += 1;
          continue;
        }
        try {
          await this.balances.settle({ caller, potId, body: payment, idempotencyKey: key });
          result.created += 1;
        } catch (error) {
          if (!(error instanceof ProblemError)) throw error;
          result.problems.push({ row: expense.row, message: error.problem.detail ?? error.problem.title });
        }
        continue;
      }
      const id = importedExpenseId(caller.userId, key);
      if (await expenseExists(this.work.alone, id)) {
        result.alreadyImported += 1;
        continue;
      }
      const body = CreateExpenseRequest.safeParse(requestFor(expense, memberOf));
      if (!body.success) {
        result.problems.push({
          row: expense.row,
          message: body.error.issues[0]?.message ?? 'Invalid expense.',
        });
        continue;
      }
      try {
        await this.expenses.create({ caller, potId, body: body.data, idempotencyKey: key });
        result.created += 1;
      } catch (error) {
        if (!(error instanceof ProblemError)) throw error;
        result.problems.push({ row: expense.row, message: error.problem.detail ?? error.problem.title });
      }
    }
    result.nextIndex = index < file.expenses.length ? index : null;
    return result;
  }
}

function readFile(text: string, format: ParsedFile['format'] | undefined): ParsedFile {
  try {
    return parseImportFile(text, format);
  } catch (error) {
    if (error instanceof UnreadableFile) throw ProblemError.of(400, 'Cannot import this file', error.message);
    throw error;
  }
}

/**
 * The member each name stands for, by the name as compared (case and spacing aside). Every name that pays
 * or shares something must be given a current member of the pot.
 */
function mappingOf(
  mapping: ImportBatchCommand['body']['mapping'],
  file: ParsedFile,
  members: Set<string>,
): Map<string, string> {
  const memberOf = new Map<string, string>();
  for (const { name, memberId } of mapping) {
    if (!members.has(memberId))
      throw ProblemError.of(400, 'Invalid request', `${name} is matched to someone who is not in this pot.`);
    memberOf.set(nameKey(name), memberId);
  }
  const used = new Set(
    file.expenses.flatMap((expense) => [...expense.payers, ...expense.shares].map(({ name }) => name)),
  );
  const missing = [...used].filter((name) => !memberOf.has(nameKey(name)));
  if (missing.length > 0)
    throw ProblemError.of(400, 'Choose who is who', `Choose a member of the pot for ${missing.join(', ')}.`);
  return memberOf;
}

/** Amounts of people matched to one member (two names for the same person) are added together. */
function byMember(amounts: ParsedExpense['payers'], memberOf: Map<string, string>) {
  const totals = new Map<string, number>();
  for (const { name, amountPence } of amounts) {
    const memberId = memberOf.get(nameKey(name)) ?? '';
    totals.set(memberId, (totals.get(memberId) ?? 0) + amountPence);
  }
  return [...totals].map(([memberId, amountPence]) => ({ memberId, amountPence }));
}

/**
 * A payment row (one person paid another back) is a settlement between the two members, not spending: the
 * positions move the same, and the pot's spending is not inflated by it. Null for anything else, and for a
 * 'payment' that is not one person paying one other (it is imported as the file shows it, as an expense).
 */
function paymentFor(expense: ParsedExpense, memberOf: Map<string, string>): CreateSettlementRequest | null {
  if (!expense.isPayment) return null;
  const [from, ...otherPayers] = byMember(expense.payers, memberOf);
  const [to, ...otherPayees] = byMember(expense.shares, memberOf);
  if (!from || !to || otherPayers.length > 0 || otherPayees.length > 0) return null;
  if (from.memberId === to.memberId || from.amountPence !== to.amountPence || from.amountPence <= 0)
    return null;
  return {
    fromMemberId: from.memberId,
    toMemberId: to.memberId,
    amountPence: from.amountPence,
    payWithKitty: false,
  };
}

function requestFor(expense: ParsedExpense, memberOf: Map<string, string>): CreateExpenseRequest {
  return {
    description: expense.description,
    amountPence: expense.amountPence,
    paidFrom: 'member',
    payers: byMember(expense.payers, memberOf),
    category: expense.category,
    ...spentOnFromFile(expense.date),
    split: {
      mode: 'exact',
      members: byMember(expense.shares, memberOf).map(({ memberId, amountPence }) => ({
        memberId,
        value: amountPence,
      })),
    },
  };
}
