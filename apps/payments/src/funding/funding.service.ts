import type {
  CheckoutSessionCreated,
  CreateCheckoutSessionRequest,
  FeeQuote,
  FundingDestination,
  FundingSession,
  FundingStatus,
  FundingTransaction,
  PaymentMethod,
  PaymentsCaller,
} from '@kitty/contracts';
import { penceFromBigInt, platformFee } from '@kitty/money';
import {
  idempotencyKeyReused,
  idFromIdempotencyKey,
  isUniqueViolation,
  ProblemError,
} from '@kitty/nest-common';
import { Inject, Injectable, Logger } from '@nestjs/common';

import { PAYMENTS_CONFIG, type PaymentsConfig } from '../config';
import type { FundingTransaction as FundingRow } from '../generated/prisma/client';
import { potAccount, walletAccount } from '../ledger/accounts';
import { PeerServices } from '../peers/peer-services';
import { PrismaService } from '../prisma.service';
import { StripeGateway, StripeRejectedError } from '../stripe/stripe-gateway';
import { findReadableRequest } from '../top-up-requests/top-up-request-access';

/** The ledger account a top-up credits and how the payer sees it named. */
interface ResolvedDestination {
  type: FundingDestination['type'];
  destinationId: string | null;
  name: string;
  creditAccountId: string;
}

/** A repeated command must ask for the top-up its key first made. */
function assertSameTopUp(row: FundingRow, body: CreateCheckoutSessionRequest): void {
  const { destination } = body;
  const destinationId =
    destination.type === 'pot'
      ? destination.potId
      : destination.type === 'top_up_request'
        ? destination.requestId
        : null;
  if (
    penceFromBigInt(row.amountPence) !== body.amountPence ||
    row.method !== body.method ||
    row.destinationType !== body.destination.type ||
    row.destinationId !== destinationId
  )
    throw idempotencyKeyReused();
}

export const sessionNotFound = () => ProblemError.of(404, 'Not found', 'No such payment session.');
const topUpNotFound = () => ProblemError.of(404, 'Top-up not found', 'This top-up does not exist.');

/** Card, Apple Pay and Google Pay are all card payments in Checkout; the bank option is Bacs Direct Debit. */
const METHOD_TYPES: Record<PaymentMethod, ('card' | 'bacs_debit')[]> = {
  card: ['card'],
  apple_pay: ['card'],
  google_pay: ['card'],
  bank_transfer: ['bacs_debit'],
};

/**
 * Top-ups through Stripe Checkout. A session only records the intent: the money is credited by the
 * Stripe event worker once Stripe confirms the payment (decisions.md §9), never by the browser.
 */
@Injectable()
export class FundingService {
  private readonly logger = new Logger(FundingService.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly peers: PeerServices,
    private readonly stripe: StripeGateway,
    @Inject(PAYMENTS_CONFIG) private readonly config: Pick<PaymentsConfig, 'PUBLIC_URL'>,
  ) {}

  async quoteFee(caller: PaymentsCaller, amountPence: number): Promise<FeeQuote> {
    const [isUKUser] = await Promise.all([
      this.peers.isUkResident(caller.userId),
      this.peers.requireVerified(caller.userId, 'add funds'),
    ]);
    const fee = platformFee(amountPence, isUKUser ? 'uk' : 'international');
    return {
      amountPence,
      feePence: fee.feePence,
      feeRate: fee.ratePercent,
      totalPence: fee.totalPence,
      isUKUser,
    };
  }

  /**
   * The top-up's id derives from the caller's Idempotency-Key and is Stripe's idempotency key for the
   * session: a repeat of the command (a retry after a lost answer, on any replica) finds the same row and
   * gets the same Checkout Session back, with the fee it was first quoted.
   */
  async createCheckoutSession(
    caller: PaymentsCaller,
    body: CreateCheckoutSessionRequest,
    idempotencyKey: string,
  ): Promise<CheckoutSessionCreated> {
    const id = idFromIdempotencyKey('top-up', caller.userId, idempotencyKey);
    const funding =
      (await this.prisma.fundingTransaction.findUnique({ where: { id } })) ??
      (await this.recordIntent(caller, body, id));
    assertSameTopUp(funding, body);

    let session;
    try {
      session = await this.stripe.createTopUpSession({
        fundingId: funding.id,
        amountPence: penceFromBigInt(funding.amountPence),
        feePence: penceFromBigInt(funding.feePence),
        ratePercent: funding.feeRate,
        methodTypes: METHOD_TYPES[body.method],
        destinationName: funding.destinationName,
        customerEmail: caller.email,
        successUrl: `${this.config.PUBLIC_URL}/funding-success?session_id={CHECKOUT_SESSION_ID}`,
        // Stripe fills in the session id on the success URL only: the cancel URL names our top-up.
        cancelUrl: `${this.config.PUBLIC_URL}/funding-cancelled?top_up=${funding.id}`,
        expiresAt: checkoutExpiry(funding.createdAt, new Date()),
      });
    } catch (error) {
      this.logger.error(`Checkout session for funding ${funding.id} failed: ${(error as Error).message}`);
      // Only a row still pending: a session Stripe did create after all is still credited if paid.
      await this.prisma.fundingTransaction.updateMany({
        where: { id: funding.id, status: 'pending', sessionId: null },
        data: { status: 'failed', failureReason: 'The payment session could not be created.' },
      });
      throw ProblemError.of(502, 'Payment Error', 'Failed to create funding session. Please try again.');
    }
    if (!session.url) throw new Error(`Checkout session ${session.id} has no URL`);
    // A retry that succeeds where the first attempt failed makes the top-up pending again.
    await this.prisma.fundingTransaction.updateMany({
      where: { id: funding.id, sessionId: null },
      data: { sessionId: session.id, status: 'pending', failureReason: null },
    });
    const amountPence = penceFromBigInt(funding.amountPence);
    const feePence = penceFromBigInt(funding.feePence);
    return {
      sessionId: session.id,
      url: session.url,
      amountPence,
      feePence,
      feeRate: funding.feeRate,
      totalPence: amountPence + feePence,
    };
  }

  /** The top-up as first asked for: checked (verified caller, allowed destination), fee fixed, recorded. */
  private async recordIntent(
    caller: PaymentsCaller,
    body: CreateCheckoutSessionRequest,
    id: string,
  ): Promise<FundingRow> {
    const [isUKUser] = await Promise.all([
      this.peers.isUkResident(caller.userId),
      this.peers.requireVerified(caller.userId, 'add funds'),
    ]);
    const destination = await this.resolveDestination(caller, body.destination);
    const fee = platformFee(body.amountPence, isUKUser ? 'uk' : 'international');
    try {
      return await this.prisma.fundingTransaction.create({
        data: {
          id,
          userId: caller.userId,
          amountPence: BigInt(body.amountPence),
          feePence: BigInt(fee.feePence),
          feeRate: fee.ratePercent,
          isUkUser: isUKUser,
          method: body.method,
          destinationType: destination.type,
          destinationId: destination.destinationId,
          destinationName: destination.name,
          creditAccountId: destination.creditAccountId,
        },
      });
    } catch (error) {
      // The same command, delivered twice at once: the other delivery recorded it.
      if (isUniqueViolation(error))
        return this.prisma.fundingTransaction.findUniqueOrThrow({ where: { id } });
      throw error;
    }
  }

  /** The success page polls this; another user's session does not exist for the caller. */
  async getFundingSession(caller: PaymentsCaller, sessionId: string): Promise<FundingSession> {
    const row = await this.prisma.fundingTransaction.findFirst({
      where: { sessionId, userId: caller.userId },
    });
    if (!row?.sessionId) throw sessionNotFound();
    return {
      sessionId: row.sessionId,
      status: row.status as FundingStatus,
      originalAmount: penceFromBigInt(row.amountPence),
      markupAmount: penceFromBigInt(row.feePence),
      markupPercentage: row.feeRate,
      isUKUser: row.isUkUser,
      method: row.method as PaymentMethod,
      destination: destinationOf(row),
      failureReason: row.failureReason,
    };
  }

  async listFundingTransactions(caller: PaymentsCaller): Promise<FundingTransaction[]> {
    const rows = await this.prisma.fundingTransaction.findMany({
      where: { userId: caller.userId, sessionId: { not: null } },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: 200,
    });
    return rows.map(toFundingTransaction);
  }

  /** One of the caller's top-ups, for its receipt: looked up by id and owner together. */
  async getTopUp(caller: PaymentsCaller, topUpId: string): Promise<FundingTransaction> {
    return toFundingTransaction(await this.ownTopUp(caller, topUpId));
  }

  /**
   * The payer came back from Stripe's page with Cancel: the page is expired at Stripe first, so nobody
   * can still pay on it, and only then is the top-up cancelled. One that was paid meanwhile (Stripe
   * refuses to expire a complete session) stays for the webhook to credit: 409. Repeating is harmless.
   */
  async cancelTopUp(caller: PaymentsCaller, topUpId: string): Promise<FundingTransaction> {
    const row = await this.ownTopUp(caller, topUpId);
    if (row.status === 'pending') {
      try {
        await this.stripe.expireSession(row.sessionId);
      } catch (error) {
        if (!(error instanceof StripeRejectedError)) throw error;
        const session = await this.stripe.retrieveSession(row.sessionId, null);
        if (session.status === 'complete')
          throw ProblemError.of(
            409,
            'Already paid',
            'This payment went through: the funds are on their way.',
          );
        // Already expired at Stripe: cancelling still ends it here.
      }
      // The expiry just asked for may already have come back as Stripe's `expired` event: the payer still
      // cancelled it, so that is what their top-up says.
      await this.prisma.fundingTransaction.updateMany({
        where: { id: row.id, status: { in: ['pending', 'expired'] } },
        data: { status: 'cancelled', failureReason: 'You cancelled the payment.' },
      });
    } else if (row.status === 'succeeded' || row.status === 'processing') {
      throw ProblemError.of(409, 'Already paid', 'This payment went through: the funds are on their way.');
    }
    return toFundingTransaction(
      await this.prisma.fundingTransaction.findUniqueOrThrow({ where: { id: row.id } }),
    );
  }

  /** The caller's own top-up that reached Stripe; anyone else's is not found (never forbidden). */
  private async ownTopUp(caller: PaymentsCaller, topUpId: string) {
    const row = await this.prisma.fundingTransaction.findFirst({
      where: { id: topUpId, userId: caller.userId, sessionId: { not: null } },
    });
    if (!row?.sessionId) throw topUpNotFound();
    return { ...row, sessionId: row.sessionId };
  }

  /** A requester who has since deleted their account can no longer be paid (their wallet is closed). */
  private async refuseClosedWallet(userId: string): Promise<void> {
    const closed = await this.prisma.ledgerAccount.count({
      where: { id: walletAccount(userId), closedAt: { not: null } },
    });
    if (closed > 0)
      throw ProblemError.of(
        409,
        'Account deleted',
        'This person has deleted their Kitty account, so they can no longer be paid.',
      );
  }

  private async resolveDestination(
    caller: PaymentsCaller,
    destination: FundingDestination,
  ): Promise<ResolvedDestination> {
    switch (destination.type) {
      case 'wallet':
        return {
          type: 'wallet',
          destinationId: null,
          name: 'your Kitty wallet',
          creditAccountId: walletAccount(caller.userId),
        };
      case 'pot': {
        const { potName } = await this.peers.requireMembership(destination.potId, caller.userId);
        return {
          type: 'pot',
          destinationId: destination.potId,
          name: potName,
          creditAccountId: potAccount(destination.potId),
        };
      }
      case 'top_up_request': {
        // Paying someone's request credits the requester's wallet or pot, not the payer's.
        const request = await findReadableRequest(this.prisma, destination.requestId, caller);
        if (!request.potId) await this.refuseClosedWallet(request.requesterId);
        return {
          type: 'top_up_request',
          destinationId: request.id,
          name: request.targetName,
          creditAccountId: request.potId ? potAccount(request.potId) : walletAccount(request.requesterId),
        };
      }
    }
  }
}

function destinationOf(row: FundingRow): FundingSession['destination'] {
  return { type: row.destinationType as FundingSession['destination']['type'], name: row.destinationName };
}

/** An unpaid Checkout page ends an hour after the top-up began, not after Stripe's default of 24 hours. */
const CHECKOUT_LIFETIME_MS = 60 * 60_000;
/** Stripe refuses an `expires_at` less than 30 minutes away. */
const CHECKOUT_MIN_LIFETIME_MS = 31 * 60_000;

/**
 * When the top-up's Checkout page expires: fixed by when the top-up began, so that a retry of the same
 * command sends Stripe the same parameters under its idempotency key; a retry so late that this is
 * under Stripe's minimum gets the minimum.
 */
export function checkoutExpiry(topUpCreatedAt: Date, now: Date): Date {
  const planned = topUpCreatedAt.getTime() + CHECKOUT_LIFETIME_MS;
  return new Date(Math.max(planned, now.getTime() + CHECKOUT_MIN_LIFETIME_MS));
}

function toFundingTransaction(row: FundingRow): FundingTransaction {
  return {
    id: row.id,
    sessionId: row.sessionId ?? '',
    amountPence: penceFromBigInt(row.amountPence),
    feePence: penceFromBigInt(row.feePence),
    feeRate: row.feeRate,
    method: row.method as PaymentMethod,
    status: row.status as FundingStatus,
    destination: destinationOf(row),
    failureReason: row.failureReason,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}
