import {
  type AuthorizeCardPaymentCommand,
  type CancelCardHoldCommand,
  type CaptureCardPaymentCommand,
  type CardPaymentVerdict,
  type CardPurchaseCaptured,
  type LedgerReceipt,
  PaymentsJobs,
  potRuleAllows,
  ProblemCodes,
  type ReleaseCardHoldCommand,
} from '@kitty/contracts';
import { directRowsIn, outboxMessage, OutboxRelay, ProblemError } from '@kitty/nest-common';
import { Injectable } from '@nestjs/common';

import { PlatformAccount, potAccount } from '../ledger/accounts';
import {
  IdempotencyConflictError,
  InsufficientFundsError,
  type LedgerEntry,
  LedgerService,
  type PostedTransaction,
} from '../ledger/ledger.service';
import { PrismaService, type Tx } from '../prisma.service';
import { CardAuthorizationRepository } from './card-authorization.repository';
import { CardSpendingRepository } from './card-spending.repository';

const insufficientFunds = () =>
  ProblemError.coded(
    ProblemCodes.insufficientFunds,
    400,
    'Insufficient funds',
    'The amount exceeds the available balance.',
  );

type Declined = Extract<CardPaymentVerdict, { decision: 'declined' }>;
const declined = (
  reason: Declined['reason'],
  potId: string | null = null,
  approvalAbovePence: number | null = null,
): Declined => ({ decision: 'declined', reason, potId, approvalAbovePence });

/**
 * Declines that stand on payments' projection of pots, which trails pots by one outbox relay: a pot just made
 * active, joined or relaxed, or an approval just given, is looked at again for a short while before the
 * decline stands (the purchase's own Stripe budget is 2 s). Insufficient funds is the ledger's own answer.
 */
const PROJECTION_DECLINES = new Set<Declined['reason']>([
  'no_active_pot',
  'pot_rule_owner',
  'pot_rule_approval',
]);
const PROJECTION_WAIT_MS = 500;
const PROJECTION_RETRY_MS = 50;

export const cardHoldKey = (authorizationId: string) => `card-hold:${authorizationId}`;
export const cardCaptureKey = (transactionId: string) => `card-capture:${transactionId}`;

/** A card payment to hold on the pot its cardholder spends from. */
type HoldCommand = AuthorizeCardPaymentCommand & { potId: string };

/** Thrown inside a hold's transaction to undo the approval it used: the authorisation was released first. */
class ReleasedBeforeHold extends Error {}

/**
 * Card money (DESIGN.md "Money"): a card payment is decided here, on payments' own data — the cardholder's
 * active pot, their place in it and its spending rule (projected from pots' events), an approval when the
 * rule asks for one, and the ledger balance — and an approved one holds its amount on the pot
 * (pot → card:holds) in the same transaction; a capture moves it on to card:spend, and what is no longer
 * needed goes back to the pot. The ledger's non-negative pot is what refuses a payment the pot cannot
 * cover, under any concurrency; the authorisation's row (`card_authorizations`) is what orders its hold with
 * Stripe closing it.
 */
@Injectable()
export class CardMoneyService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly ledger: LedgerService,
    private readonly spending: CardSpendingRepository,
    private readonly authorizations: CardAuthorizationRepository,
    private readonly relay: OutboxRelay,
  ) {}

  async authorize(command: AuthorizeCardPaymentCommand): Promise<CardPaymentVerdict> {
    const deadline = Date.now() + PROJECTION_WAIT_MS;
    for (;;) {
      const verdict = await this.decide(command);
      if (verdict.decision === 'approved' || !PROJECTION_DECLINES.has(verdict.reason)) return verdict;
      if (Date.now() >= deadline) return verdict;
      await new Promise((resolve) => setTimeout(resolve, PROJECTION_RETRY_MS));
    }
  }

  /**
   * The whole hold goes back (a reversal of it) with the approval it used. None placed: null, and the
   * authorisation's row, released, refuses the hold if it is still on its way.
   */
  async cancelHold(command: CancelCardHoldCommand): Promise<LedgerReceipt | null> {
    return this.run(async (tx) => {
      // First: from here on the row's lock orders this with a hold in flight.
      await this.authorizations.release(tx, command.authorizationId, command.reason);
      const reversal = await this.ledger.reverse(
        tx,
        cardHoldKey(command.authorizationId),
        command.reason,
        'card_release',
      );
      await this.spending.releaseApproval(tx, command.authorizationId);
      return reversal;
    });
  }

  releaseHold(command: ReleaseCardHoldCommand): Promise<LedgerReceipt> {
    const amount = BigInt(command.amountPence);
    return this.postAlone({
      idempotencyKey: command.idempotencyKey,
      kind: 'card_release',
      description: command.description,
      userId: command.userId,
      metadata: authorizationOf(command),
      postings: [
        { accountId: PlatformAccount.cardHolds, amountPence: -amount },
        { accountId: potAccount(command.potId), amountPence: amount },
      ],
    });
  }

  /**
   * The purchase is paid: from what was held first, the rest from the pot. Announced as a purchase with
   * its whole amount in the same transaction, since a capture taken entirely from the hold does not move
   * the pot's balance (so no balance event speaks of it). Counted on its authorisation's row, which its
   * posting names, so a statement shows it with the hold it took.
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
        metadata: authorizationOf(command),
        postings: [
          ...(fromHold > 0n ? [{ accountId: PlatformAccount.cardHolds, amountPence: -fromHold }] : []),
          ...(fromPot > 0n ? [{ accountId: potAccount(command.potId), amountPence: -fromPot }] : []),
          { accountId: PlatformAccount.cardSpend, amountPence: fromHold + fromPot },
        ],
      });
      if (!receipt.replayed) {
        if (command.authorizationId)
          await this.authorizations.recordCapture(tx, command.authorizationId, command.amountPence);
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

  private async decide(command: AuthorizeCardPaymentCommand): Promise<CardPaymentVerdict> {
    const spending = await this.spending.spendingOf(command.userId);
    const { potId, approvalAbovePence } = spending;
    if (!potId || !spending.potIsActive || !spending.role) return declined('no_active_pot', potId);
    const allowed = potRuleAllows(spending.spendRule, spending.role, command.amountPence, approvalAbovePence);
    if (allowed === 'no') return declined('pot_rule_owner', potId, approvalAbovePence);
    // A zero-amount authorisation (a card check) holds nothing.
    if (command.amountPence === 0) return { decision: 'approved', potId, heldPence: 0 };
    const hold: HoldCommand = { ...command, potId };
    try {
      const held =
        allowed === 'yes'
          ? await this.ledger.postAloneIfClaimed(
              this.prisma.directRows,
              this.authorizations.holdClaim(hold),
              holdOf(hold),
            )
          : await this.holdWithApproval(hold);
      if (held === 'no_approval') return declined('pot_rule_approval', potId, approvalAbovePence);
      if (!held) return declined('hold_cancelled', potId);
      if (!held.replayed) this.relay.kick();
    } catch (error) {
      if (error instanceof InsufficientFundsError) return declined('insufficient_funds', potId);
      // A redelivery of the authorisation asking to hold another amount than it held.
      if (error instanceof IdempotencyConflictError) return declined('hold_cancelled', potId);
      throw error;
    }
    return { decision: 'approved', potId, heldPence: command.amountPence };
  }

  /**
   * Above the pot's approval amount: an approval a second member gave is used and the hold placed in one
   * transaction (its news for pots too), so a hold the pot cannot cover (or Stripe closed) leaves the
   * approval unused. 'no_approval': none covers it; null: the authorisation was released first.
   */
  private async holdWithApproval(hold: HoldCommand): Promise<PostedTransaction | 'no_approval' | null> {
    try {
      return await this.prisma.$transaction(async (tx) => {
        const approvalId = await this.spending.useApproval(tx, hold);
        if (!approvalId) return 'no_approval' as const;
        const held = await this.ledger.postAloneIfClaimed(
          directRowsIn(tx),
          this.authorizations.holdClaim(hold),
          {
            ...holdOf(hold),
            metadata: { approvalId },
          },
        );
        if (!held) throw new ReleasedBeforeHold();
        return held;
      });
    } catch (error) {
      if (error instanceof ReleasedBeforeHold) return null;
      throw error;
    }
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

/**
 * The authorisation a capture or release names, kept on its ledger transaction (the statement groups a card
 * purchase's movements by it); none from the release before, which does not send it.
 */
function authorizationOf(command: {
  authorizationId?: string | undefined;
}): Readonly<Record<string, string>> | undefined {
  return command.authorizationId ? { authorizationId: command.authorizationId } : undefined;
}

/**
 * pot −A → card:holds +A. A pot that does not have the amount now is refused before queueing on any lock —
 * its own row or the card:holds row (ledger_post_or_refuse, migration 20261128070742): only a yes needs the
 * locked update.
 */
function holdOf(hold: HoldCommand): LedgerEntry {
  const amount = BigInt(hold.amountPence);
  return {
    idempotencyKey: cardHoldKey(hold.authorizationId),
    kind: 'card_hold',
    description: hold.description,
    userId: hold.userId,
    postings: [
      { accountId: potAccount(hold.potId), amountPence: -amount },
      { accountId: PlatformAccount.cardHolds, amountPence: amount },
    ],
  };
}
