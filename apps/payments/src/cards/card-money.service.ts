import {
  type CancelCardHoldCommand,
  type CaptureCardPaymentCommand,
  type CardPurchaseCaptured,
  type LedgerReceipt,
  PaymentsJobs,
  type PlaceCardHoldCommand,
  ProblemCodes,
  type ReleaseCardHoldCommand,
} from '@kitty/contracts';
import { outboxMessage, OutboxRelay, ProblemError } from '@kitty/nest-common';
import { Injectable } from '@nestjs/common';

import { PlatformAccount, potAccount } from '../ledger/accounts';
import {
  IdempotencyConflictError,
  InsufficientFundsError,
  type LedgerEntry,
  LedgerService,
  VoidedKeyError,
} from '../ledger/ledger.service';
import { PrismaService, type Tx } from '../prisma.service';

const insufficientFunds = () =>
  ProblemError.coded(
    ProblemCodes.insufficientFunds,
    400,
    'Insufficient funds',
    'The amount exceeds the available balance.',
  );

export const cardHoldKey = (authorizationId: string) => `card-hold:${authorizationId}`;
export const cardCaptureKey = (transactionId: string) => `card-capture:${transactionId}`;

/**
 * Card money (DESIGN.md "Money"): an authorisation holds the amount on the pot (pot → card:holds), a
 * capture moves it on to card:spend, and what is no longer needed goes back to the pot. Issuing decides
 * the amounts; the ledger's non-negative pot is what refuses an authorisation the pot cannot cover, under
 * any concurrency.
 */
@Injectable()
export class CardMoneyService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly ledger: LedgerService,
    private readonly relay: OutboxRelay,
  ) {}

  placeHold(command: PlaceCardHoldCommand): Promise<LedgerReceipt> {
    const amount = BigInt(command.amountPence);
    // A pot that does not have the amount now is refused before queueing on any lock — its own row or the
    // card:holds row (ledger_post_or_refuse, migration 20261128070742): only a yes needs the locked update.
    return this.postAlone({
      idempotencyKey: cardHoldKey(command.authorizationId),
      kind: 'card_hold',
      description: command.description,
      userId: command.userId,
      postings: [
        { accountId: potAccount(command.potId), amountPence: -amount },
        { accountId: PlatformAccount.cardHolds, amountPence: amount },
      ],
    });
  }

  /** The whole hold goes back (a reversal of it); when none was placed the key is voided (null). */
  async cancelHold(command: CancelCardHoldCommand): Promise<LedgerReceipt | null> {
    return this.run((tx) =>
      this.ledger.reverse(tx, cardHoldKey(command.authorizationId), command.reason, 'card_release'),
    );
  }

  releaseHold(command: ReleaseCardHoldCommand): Promise<LedgerReceipt> {
    const amount = BigInt(command.amountPence);
    return this.postAlone({
      idempotencyKey: command.idempotencyKey,
      kind: 'card_release',
      description: command.description,
      userId: command.userId,
      postings: [
        { accountId: PlatformAccount.cardHolds, amountPence: -amount },
        { accountId: potAccount(command.potId), amountPence: amount },
      ],
    });
  }

  /**
   * The purchase is paid: from what was held first, the rest from the pot. Announced as a purchase with
   * its whole amount in the same transaction, since a capture taken entirely from the hold does not move
   * the pot's balance (so no balance event speaks of it).
   */
  capture(command: CaptureCardPaymentCommand): Promise<LedgerReceipt> {
    const fromHold = BigInt(command.fromHoldPence);
    const fromPot = BigInt(command.amountPence) - fromHold;
    return this.run(async (tx) => {
      const receipt = await this.ledger.post(tx, {
        idempotencyKey: cardCaptureKey(command.transactionId),
        kind: 'card_capture',
        description: command.description,
        userId: command.userId,
        postings: [
          ...(fromHold > 0n ? [{ accountId: PlatformAccount.cardHolds, amountPence: -fromHold }] : []),
          ...(fromPot > 0n ? [{ accountId: potAccount(command.potId), amountPence: -fromPot }] : []),
          { accountId: PlatformAccount.cardSpend, amountPence: fromHold + fromPot },
        ],
      });
      if (!receipt.replayed) {
        const purchase: CardPurchaseCaptured = {
          potId: command.potId,
          userId: command.userId,
          transactionId: receipt.transactionId,
          amountPence: command.amountPence,
          merchant: command.description,
          occurredAt: new Date().toISOString(),
        };
        await tx.outboxMessage.create({ data: outboxMessage(PaymentsJobs.cardPurchaseCaptured, purchase) });
      }
      return receipt;
    });
  }

  /** A movement that is nothing but its posting: one statement, the pot's row lock held the least. */
  private postAlone(entry: LedgerEntry): Promise<LedgerReceipt> {
    return this.settled(() => this.ledger.postAlone(this.prisma.directRows, entry));
  }

  private run<T extends LedgerReceipt | null>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.settled(() => this.prisma.$transaction(work));
  }

  /** Kicks the outbox relay after a posting, and tells the caller the ledger's refusals as problems. */
  private async settled<T extends LedgerReceipt | null>(work: () => Promise<T>): Promise<T> {
    try {
      const result = await work();
      if (result && !result.replayed) this.relay.kick();
      return result;
    } catch (error) {
      if (error instanceof InsufficientFundsError) throw insufficientFunds();
      if (error instanceof VoidedKeyError)
        throw ProblemError.of(
          409,
          'Conflict',
          'This authorisation was cancelled and cannot hold money any more.',
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
