import {
  type LedgerReceipt,
  type PayExpenseFromPotCommand,
  PaymentsJobs,
  type PaySettlementCommand,
  ProblemCodes,
  type RefundDue,
} from '@kitty/contracts';
import { outboxMessage, OutboxRelay, ProblemError, shortenText } from '@kitty/nest-common';
import { Injectable, Logger } from '@nestjs/common';

import { PlatformAccount, potAccount, walletAccount } from '../ledger/accounts';
import {
  ClosedAccountError,
  IdempotencyConflictError,
  InsufficientFundsError,
  LedgerService,
  ReversedKeyError,
} from '../ledger/ledger.service';
import { PeerServices } from '../peers/peer-services';
import { PrismaService, type Tx } from '../prisma.service';
import { expenseLedgerKey, refundedKey, settlementLedgerKey } from './pot-payment-keys';

/** The ledger's limit for descriptions: names and descriptions come from users, so they are shortened. */
const LEDGER_TEXT_MAX = 200;

/**
 * Money a pot's bookkeeping pays with (ADR 0020): payments checks the caller on its projection of the pot,
 * posts, and writes the event pots records from in the same database transaction. A repeat of a command
 * (the same expense or settlement id) replays its posting and writes nothing more.
 */
@Injectable()
export class PotPaymentsService {
  private readonly logger = new Logger(PotPaymentsService.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly ledger: LedgerService,
    private readonly peers: PeerServices,
    private readonly relay: OutboxRelay,
  ) {}

  async payExpenseFromPot(command: PayExpenseFromPotCommand): Promise<LedgerReceipt> {
    const { caller, potId, body } = command.expense;
    await this.peers.requireMembership(potId, caller.userId);
    return this.commit(['Insufficient funds', 'The amount exceeds the available balance.'], async (tx) => {
      const receipt = await this.ledger.post(tx, {
        idempotencyKey: expenseLedgerKey(command.expenseId),
        kind: 'expense',
        description: shortenText(body.description, LEDGER_TEXT_MAX),
        userId: caller.userId,
        postings: [
          { accountId: potAccount(potId), amountPence: -BigInt(body.amountPence) },
          { accountId: PlatformAccount.externalExpenses, amountPence: BigInt(body.amountPence) },
        ],
      });
      if (!receipt.replayed) {
        await tx.outboxMessage.create({
          data: outboxMessage(PaymentsJobs.potExpensePaid, {
            ...command,
            transactionId: receipt.transactionId,
          }),
        });
      }
      return receipt;
    });
  }

  /**
   * An expense pots records on its own schedule: paid as the member's command would be, or refused back to
   * pots (with the refusal's code and words) so that the schedule says why that occurrence is missing.
   */
  async payScheduledExpense(command: PayExpenseFromPotCommand): Promise<void> {
    try {
      await this.payExpenseFromPot(command);
    } catch (error) {
      if (!(error instanceof ProblemError) || error.problem.status >= 500) throw error;
      await this.prisma.outboxMessage.create({
        data: outboxMessage(PaymentsJobs.potExpenseRefused, {
          ...command,
          code: error.problem.code ?? null,
          detail: error.problem.detail ?? error.problem.title,
        }),
      });
      this.relay.kick();
    }
  }

  async paySettlement(command: PaySettlementCommand): Promise<LedgerReceipt> {
    const { caller, potId, body } = command.settlement;
    if (caller.userId === command.toUserId)
      throw ProblemError.of(400, 'Invalid request', 'A payment needs two different people.');
    await this.peers.requireMembership(potId, caller.userId);
    return this.commit(
      ['Insufficient Funds', 'Your Kitty wallet does not cover this payment.'],
      async (tx) => {
        const receipt = await this.ledger.post(tx, {
          idempotencyKey: settlementLedgerKey(command.settlementId),
          kind: 'transfer',
          description: shortenText(command.description, LEDGER_TEXT_MAX),
          userId: caller.userId,
          postings: [
            { accountId: walletAccount(caller.userId), amountPence: -BigInt(body.amountPence) },
            { accountId: walletAccount(command.toUserId), amountPence: BigInt(body.amountPence) },
          ],
        });
        if (!receipt.replayed) {
          await tx.outboxMessage.create({
            data: outboxMessage(PaymentsJobs.settlementPaid, {
              ...command,
              transactionId: receipt.transactionId,
            }),
          });
        }
        return receipt;
      },
    );
  }

  /**
   * Gives back what was paid for a record that no longer stands. Idempotent (the reversal has its own key).
   * Pots asks to refund a payment it recorded, which payments posted before telling it, so no posting can
   * still be on its way for the reversal to miss. Nothing to give back (a refund pots' retired compensations
   * handed over for a payment never made) is logged.
   */
  async refund({ target, reason }: RefundDue): Promise<void> {
    const receipt = await this.commit(['Insufficient funds', 'The money has already been spent.'], (tx) =>
      this.ledger.reverse(
        tx,
        refundedKey(target),
        shortenText(reason, LEDGER_TEXT_MAX),
        target.type === 'expense' ? 'expense_reversal' : 'reversal',
      ),
    );
    if (!receipt) this.logger.warn(`Nothing to refund for ${refundedKey(target)}: it was never paid`);
  }

  private async commit<T extends LedgerReceipt | null>(
    [insufficientTitle, insufficientDetail]: [string, string],
    work: (tx: Tx) => Promise<T>,
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
      if (error instanceof IdempotencyConflictError)
        throw ProblemError.of(
          409,
          'Conflict',
          'This idempotency key was already used for a different request.',
        );
      // A repeat of a payment whose money was given back (a deleted record's refund, or one whose record
      // never committed under pots' earlier saga): final, the next attempt is a new command.
      if (error instanceof ReversedKeyError)
        throw ProblemError.of(410, 'Request cancelled', 'This payment was cancelled. Please try again.');
      throw error;
    }
  }
}
