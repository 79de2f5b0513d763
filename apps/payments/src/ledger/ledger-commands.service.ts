import {
  type LedgerReceipt,
  ProblemCodes,
  type ReverseTransactionCommand,
  type SpendFromPotCommand,
  type TransferBetweenWalletsCommand,
} from '@kitty/contracts';
import { OutboxRelay, ProblemError } from '@kitty/nest-common';
import { Injectable } from '@nestjs/common';

import { PrismaService } from '../prisma.service';
import { PlatformAccount, potAccount, walletAccount } from './accounts';
import {
  ClosedAccountError,
  IdempotencyConflictError,
  InsufficientFundsError,
  type LedgerKind,
  LedgerService,
  VoidedKeyError,
} from './ledger.service';

/** Ledger commands other services send (pots: expenses paid from the pot, settle-up, undo). */
@Injectable()
export class LedgerCommandsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly ledger: LedgerService,
    private readonly relay: OutboxRelay,
  ) {}

  spendFromPot(command: SpendFromPotCommand): Promise<LedgerReceipt> {
    return this.run(['Insufficient funds', 'The amount exceeds the available balance.'], (tx) =>
      this.ledger.post(tx, {
        idempotencyKey: command.idempotencyKey,
        kind: 'expense',
        description: command.description,
        userId: command.userId,
        postings: [
          { accountId: potAccount(command.potId), amountPence: -BigInt(command.amountPence) },
          { accountId: PlatformAccount.externalExpenses, amountPence: BigInt(command.amountPence) },
        ],
      }),
    );
  }

  transferBetweenWallets(command: TransferBetweenWalletsCommand): Promise<LedgerReceipt> {
    if (command.fromUserId === command.toUserId)
      throw ProblemError.of(400, 'Invalid request', 'A payment needs two different people.');
    return this.run(['Insufficient Funds', 'Your Kitty wallet does not cover this payment.'], (tx) =>
      this.ledger.post(tx, {
        idempotencyKey: command.idempotencyKey,
        kind: 'transfer',
        description: command.description,
        userId: command.fromUserId,
        postings: [
          { accountId: walletAccount(command.fromUserId), amountPence: -BigInt(command.amountPence) },
          { accountId: walletAccount(command.toUserId), amountPence: BigInt(command.amountPence) },
        ],
      }),
    );
  }

  /** Undoes an expense or transfer; a key that was never posted is voided (404 tells the caller so). */
  async reverseTransaction(command: ReverseTransactionCommand): Promise<LedgerReceipt> {
    const kind: LedgerKind = command.idempotencyKey.startsWith('expense:') ? 'expense_reversal' : 'reversal';
    const receipt = await this.run(['Insufficient funds', 'The money has already been spent.'], (tx) =>
      this.ledger.reverse(tx, command.idempotencyKey, command.reason, kind),
    );
    if (!receipt) throw ProblemError.of(404, 'Not found', 'No ledger transaction has that key.');
    return receipt;
  }

  private async run<T extends { transactionId: string; replayed: boolean } | null>(
    [insufficientTitle, insufficientDetail]: [string, string],
    work: (tx: Parameters<Parameters<PrismaService['$transaction']>[0]>[0]) => Promise<T>,
  ): Promise<T> {
    try {
      const result = await this.prisma.$transaction(work);
      if (result && !result.replayed) this.relay.kick();
      return result;
    } catch (error) {
      if (error instanceof InsufficientFundsError)
        throw ProblemError.coded(ProblemCodes.insufficientFunds, 400, insufficientTitle, insufficientDetail);
      if (error instanceof ClosedAccountError)
        throw ProblemError.of(
          409,
          'Account deleted',
          'This person has deleted their Kitty account, so they can no longer be paid with Kitty.',
        );
      if (error instanceof VoidedKeyError)
        // Final, not a conflict to retry: the caller's next attempt is a new request with a new key.
        throw ProblemError.of(
          410,
          'Request cancelled',
          'This payment was cancelled after an interruption. Please try again.',
        );
      if (error instanceof IdempotencyConflictError)
        throw ProblemError.of(
          409,
          'Conflict',
          'This idempotency key was already used for a different request.',
        );
      throw error;
    }
  }
}
