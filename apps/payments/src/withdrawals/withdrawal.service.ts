import {
  type CreateWithdrawalRequest,
  type PaymentsCaller,
  PayoutQueue,
  type Withdrawal,
} from '@kitty/contracts';
import { penceFromBigInt } from '@kitty/money';
import {
  idempotencyKeyReused,
  idFromIdempotencyKey,
  isUniqueViolation,
  outboxMessage,
  OutboxRelay,
  ProblemError,
} from '@kitty/nest-common';
import { Injectable, Logger } from '@nestjs/common';

import type { Withdrawal as WithdrawalRow } from '../generated/prisma/client';
import { PlatformAccount, potAccount, walletAccount } from '../ledger/accounts';
import { InsufficientFundsError, LedgerService } from '../ledger/ledger.service';
import { PeerServices } from '../peers/peer-services';
import { PrismaService, type Tx } from '../prisma.service';
import { StripeGateway, StripeRejectedError } from '../stripe/stripe-gateway';

const [CREATE_PAYOUT] = PayoutQueue.jobs;

/** The withdrawal columns a settlement needs, as the conditional UPDATE returns them. */
interface PendingWithdrawal {
  id: string;
  user_id: string;
  source_account_id: string;
  amount_pence: bigint;
}

/**
 * Withdrawals (decisions.md §11): the amount is reserved at once (source → payouts:in-transit) in the
 * same transaction as the withdrawal row and the outbox job that asks Stripe for the payout. The payout's
 * outcome settles the reservation (in-transit → stripe:clearing) or releases it back to the source.
 */
@Injectable()
export class WithdrawalService {
  private readonly logger = new Logger(WithdrawalService.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly ledger: LedgerService,
    private readonly peers: PeerServices,
    private readonly stripe: StripeGateway,
    private readonly relay: OutboxRelay,
  ) {}

  /**
   * The withdrawal's id derives from the caller's Idempotency-Key: a repeat of the command (a retry after
   * a lost answer, on any replica) finds the withdrawal the first one made and reserves nothing again.
   */
  async create(
    caller: PaymentsCaller,
    body: CreateWithdrawalRequest,
    idempotencyKey: string,
  ): Promise<Withdrawal> {
    const id = idFromIdempotencyKey('withdrawal', caller.userId, idempotencyKey);
    const earlier = await this.prisma.withdrawal.findUnique({ where: { id } });
    if (earlier) return sameWithdrawal(earlier, body);
    const account = await this.peers.requireVerified(caller.userId, 'withdraw');
    if (!account.payoutDestination)
      throw ProblemError.of(403, 'Account Setup Required', 'Add a bank account to withdraw.');
    const source = await this.resolveSource(caller, body.source);

    let row: WithdrawalRow;
    try {
      row = await this.prisma.$transaction(async (tx) => {
        const created = await tx.withdrawal.create({
          data: {
            id,
            userId: caller.userId,
            sourceType: body.source.type,
            potId: source.potId,
            sourceName: source.name,
            sourceAccountId: source.accountId,
            amountPence: BigInt(body.amountPence),
            stripeAccountId: account.accountId,
            destination: account.payoutDestination as string,
          },
        });
        await this.ledger.post(tx, {
          idempotencyKey: `withdrawal:${id}`,
          kind: 'withdrawal',
          description: 'Withdrawal to bank account',
          userId: caller.userId,
          postings: [
            { accountId: source.accountId, amountPence: -BigInt(body.amountPence) },
            { accountId: PlatformAccount.payoutsInTransit, amountPence: BigInt(body.amountPence) },
          ],
          metadata: { withdrawalId: id },
        });
        await tx.outboxMessage.create({
          data: outboxMessage(PayoutQueue, CREATE_PAYOUT, { withdrawalId: id }),
        });
        return created;
      });
    } catch (error) {
      if (error instanceof InsufficientFundsError)
        throw ProblemError.of(
          400,
          'Insufficient Funds',
          'You cannot withdraw more than your available balance',
        );
      if (isUniqueViolation(error)) {
        // The same command, delivered twice at once: the other delivery made it.
        const made = await this.prisma.withdrawal.findUniqueOrThrow({ where: { id } });
        return sameWithdrawal(made, body);
      }
      throw error;
    }
    this.relay.kick();
    return toWithdrawal(row);
  }

  async list(caller: PaymentsCaller): Promise<Withdrawal[]> {
    const rows = await this.prisma.withdrawal.findMany({
      where: { userId: caller.userId },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: 200,
    });
    return rows.map(toWithdrawal);
  }

  /**
   * Asks Stripe for the payout (payout worker). The withdrawal id is the idempotency key, so a job that
   * runs again after a lost answer gets the same payout back. A payout Stripe refuses releases the money.
   */
  async requestPayout(withdrawalId: string): Promise<void> {
    const withdrawal = await this.prisma.withdrawal.findUnique({ where: { id: withdrawalId } });
    if (!withdrawal || withdrawal.status !== 'pending' || withdrawal.payoutId) return;
    try {
      const payout = await this.stripe.createPayout({
        withdrawalId,
        amountPence: penceFromBigInt(withdrawal.amountPence),
        destination: withdrawal.destination,
      });
      await this.prisma.withdrawal.updateMany({
        where: { id: withdrawalId, payoutId: null },
        data: { payoutId: payout.id },
      });
    } catch (error) {
      if (!(error instanceof StripeRejectedError)) throw error;
      this.logger.warn(`Payout for withdrawal ${withdrawalId} refused by Stripe: ${error.message}`);
      await this.prisma.$transaction((tx) =>
        this.release(tx, withdrawalId, null, 'Your bank account could not receive the payout.'),
      );
      this.relay.kick();
    }
  }

  /** The payout arrived: the reservation leaves for good. No-op unless the withdrawal is still pending. */
  async settle(tx: Tx, withdrawalId: string, payoutId: string, amountPence: number): Promise<boolean> {
    const withdrawal = await this.markPaid(tx, withdrawalId, payoutId);
    if (!withdrawal) return false;
    assertAmount(withdrawal, amountPence);
    await this.ledger.post(tx, {
      idempotencyKey: `withdrawal-paid:${withdrawalId}`,
      kind: 'withdrawal_paid',
      description: 'Withdrawal paid out',
      userId: withdrawal.user_id,
      postings: [
        { accountId: PlatformAccount.payoutsInTransit, amountPence: -withdrawal.amount_pence },
        { accountId: PlatformAccount.stripeClearing, amountPence: withdrawal.amount_pence },
      ],
      metadata: { withdrawalId, payoutId },
    });
    return true;
  }

  /**
   * The payout failed or was refused: the money goes back to where it came from. Usually it was still
   * reserved (pending); a payout can also fail after Stripe reported it paid (the bank returns it days
   * later), and then the money comes back out of stripe:clearing. Runs under the withdrawal's row lock.
   */
  async release(tx: Tx, withdrawalId: string, payoutId: string | null, reason: string): Promise<boolean> {
    const [withdrawal] = await tx.$queryRawUnsafe<(PendingWithdrawal & { status: string })[]>(
      `SELECT id, user_id, source_account_id, amount_pence, status FROM withdrawals
        WHERE id = $1::uuid FOR UPDATE`,
      withdrawalId,
    );
    if (!withdrawal || withdrawal.status === 'failed') return false;
    const returnedAfterPayment = withdrawal.status === 'paid';
    await tx.$executeRawUnsafe(
      `UPDATE withdrawals
          SET status = 'failed', failure_reason = $2, payout_id = COALESCE(payout_id, $3),
              settled_at = now(), updated_at = now()
        WHERE id = $1::uuid`,
      withdrawalId,
      reason,
      payoutId,
    );
    await this.ledger.post(tx, {
      idempotencyKey: `${returnedAfterPayment ? 'withdrawal-returned' : 'withdrawal-released'}:${withdrawalId}`,
      kind: 'withdrawal_released',
      description: 'Withdrawal returned: the payout failed',
      userId: withdrawal.user_id,
      postings: [
        {
          accountId: returnedAfterPayment ? PlatformAccount.stripeClearing : PlatformAccount.payoutsInTransit,
          amountPence: -withdrawal.amount_pence,
        },
        { accountId: withdrawal.source_account_id, amountPence: withdrawal.amount_pence },
      ],
      metadata: { withdrawalId },
    });
    return true;
  }

  /** Marks a pending withdrawal paid; the conditional UPDATE lets only the first outcome through. */
  private async markPaid(tx: Tx, withdrawalId: string, payoutId: string): Promise<PendingWithdrawal | null> {
    const rows = await tx.$queryRawUnsafe<PendingWithdrawal[]>(
      `UPDATE withdrawals
          SET status = 'paid', payout_id = COALESCE(payout_id, $2), settled_at = now(), updated_at = now()
        WHERE id = $1::uuid AND status = 'pending'
        RETURNING id, user_id, source_account_id, amount_pence`,
      withdrawalId,
      payoutId,
    );
    return rows[0] ?? null;
  }

  private async resolveSource(caller: PaymentsCaller, source: CreateWithdrawalRequest['source']) {
    if (source.type === 'wallet')
      return { potId: null, name: 'Kitty wallet', accountId: walletAccount(caller.userId) };
    const membership = await this.peers.requireMembership(source.potId, caller.userId);
    if (membership.role !== 'owner')
      throw ProblemError.of(403, 'Not allowed', 'Only the pot owner can withdraw from this pot.');
    return { potId: source.potId, name: membership.potName, accountId: potAccount(source.potId) };
  }
}

/** Stripe paid out a different amount than we reserved: never settle that silently. */
export class PayoutAmountMismatchError extends Error {
  constructor(withdrawalId: string, expected: bigint, actual: number) {
    super(`Payout for withdrawal ${withdrawalId} is ${actual}p, reserved ${expected}p`);
    this.name = 'PayoutAmountMismatchError';
  }
}

function assertAmount(withdrawal: PendingWithdrawal, amountPence: number) {
  if (withdrawal.amount_pence !== BigInt(amountPence))
    throw new PayoutAmountMismatchError(withdrawal.id, withdrawal.amount_pence, amountPence);
}

/** The answer to a repeated command: the withdrawal it made, if the repeat asks for the same thing. */
function sameWithdrawal(row: WithdrawalRow, body: CreateWithdrawalRequest): Withdrawal {
  const potId = body.source.type === 'pot' ? body.source.potId : null;
  if (
    Number(row.amountPence) !== body.amountPence ||
    row.sourceType !== body.source.type ||
    row.potId !== potId
  )
    throw idempotencyKeyReused();
  return toWithdrawal(row);
}

function toWithdrawal(row: WithdrawalRow): Withdrawal {
  return {
    id: row.id,
    amountPence: penceFromBigInt(row.amountPence),
    source: { type: row.sourceType as 'wallet' | 'pot', potId: row.potId, name: row.sourceName },
    status: row.status as Withdrawal['status'],
    failureReason: row.failureReason,
    createdAt: row.createdAt.toISOString(),
    settledAt: row.settledAt?.toISOString() ?? null,
  };
}
