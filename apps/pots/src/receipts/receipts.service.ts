import { createHash } from 'node:crypto';

import {
  type AttachReceiptCommand,
  MAX_RECEIPT_BYTES,
  type Receipt,
  type ReceiptInfo,
  type ReceiptQuery,
} from '@kitty/contracts';
import { ProblemError } from '@kitty/nest-common';
import { Injectable } from '@nestjs/common';

import { recordActivity } from '../core/activity';
import { requireMember, requireOpenPot } from '../core/pot-access';
import { type Tx, UnitOfWork } from '../core/unit-of-work';
import type { ExpenseReceipt } from '../generated/prisma/client';
import { sniffImageType } from './image-type';
import { expenseForReceipt, receiptOf, removeReceipt, saveReceipt } from './receipts.repository';

const noReceipt = () => ProblemError.of(404, 'Receipt not found', 'This expense has no receipt photo.');
const invalid = (detail: string) => ProblemError.of(400, 'Invalid request', detail);

/**
 * Receipt photos of expenses, kept in the pots database beside their expense: at most one
 * per expense, replaced by a new upload. The bytes must be the image their type says (checked by their
 * signature, so nothing else is ever served as an image), within MAX_RECEIPT_BYTES. Members read them;
 * whoever may change the expense (who added it, or the owner) attaches or removes them.
 */
@Injectable()
export class ReceiptsService {
  constructor(private readonly work: UnitOfWork) {}

  async attach({ caller, potId, expenseId, body }: AttachReceiptCommand): Promise<ReceiptInfo> {
    const bytes = Buffer.from(body.dataBase64, 'base64');
    if (bytes.length === 0) throw invalid('Choose a photo of the receipt.');
    if (bytes.length > MAX_RECEIPT_BYTES)
      throw invalid(`A receipt photo can be at most ${MAX_RECEIPT_BYTES / 1_000_000} MB.`);
    const actual = sniffImageType(bytes);
    if (actual === null) throw invalid('That file is not a JPEG, PNG or WebP photo.');
    if (actual !== body.contentType)
      throw invalid(`That photo is a ${actual.slice(6).toUpperCase()}, not what it says.`);
    const row = await this.work.transaction(async (tx) => {
      const description = await this.changeableExpense(tx, potId, expenseId, caller.userId);
      const data = {
        potId,
        contentType: actual,
        bytes,
        sizeBytes: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        uploadedBy: caller.userId,
        uploadedAt: new Date(),
      };
      const saved = await saveReceipt(tx, expenseId, data);
      await recordActivity(
        tx,
        potId,
        caller,
        'expense.receipt',
        `${caller.name} added a receipt to "${description}"`,
      );
      return saved;
    });
    return info(row);
  }

  async get({ caller, potId, expenseId }: ReceiptQuery): Promise<Receipt> {
    await requireMember(this.work.alone, potId, caller.userId);
    const row = await receiptOf(this.work.alone, potId, expenseId);
    if (!row) throw noReceipt();
    return {
      expenseId,
      contentType: info(row).contentType,
      dataBase64: Buffer.from(row.bytes).toString('base64'),
    };
  }

  /** Removing twice answers the same. */
  async remove({ caller, potId, expenseId }: ReceiptQuery): Promise<void> {
    await this.work.transaction(async (tx) => {
      const description = await this.changeableExpense(tx, potId, expenseId, caller.userId);
      if (await removeReceipt(tx, potId, expenseId))
        await recordActivity(
          tx,
          potId,
          caller,
          'expense.receipt',
          `${caller.name} removed the receipt of "${description}"`,
        );
    });
  }

  /** The expense's description, if the caller may change it (who added it, or the owner) in an open pot. */
  private async changeableExpense(tx: Tx, potId: string, expenseId: string, userId: string): Promise<string> {
    const membership = await requireMember(tx, potId, userId);
    await requireOpenPot(tx, potId, 'change receipts');
    const expense = await expenseForReceipt(tx, potId, expenseId);
    if (!expense) throw ProblemError.of(404, 'Expense not found');
    if (expense.createdBy !== userId && membership.role !== 'owner')
      throw ProblemError.of(
        403,
        'Not allowed',
        'Only the person who added this expense or the pot owner can change its receipt.',
      );
    return expense.description;
  }
}

function info(row: ExpenseReceipt): ReceiptInfo {
  const contentType =
    row.contentType === 'image/png' || row.contentType === 'image/webp' ? row.contentType : 'image/jpeg';
  return {
    expenseId: row.expenseId,
    contentType,
    sizeBytes: row.sizeBytes,
    uploadedAt: row.uploadedAt.toISOString(),
  };
}
