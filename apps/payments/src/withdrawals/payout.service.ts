import { penceFromBigInt } from '@kitty/money';
import { OutboxRelay } from '@kitty/nest-common';
import { Injectable, Logger } from '@nestjs/common';

import { PlatformAccount } from '../ledger/accounts';
import { isClosedAccount } from '../ledger/ledger.repository';
import { LedgerService } from '../ledger/ledger.service';
import { notifyWithdrawal } from '../notices/money-notifications';
import { PrismaService, type Tx } from '../prisma.service';
import { StripeGateway, StripeRejectedError } from '../stripe/stripe-gateway';
import {
  lockWithdrawalToRelease,
  markWithdrawalFailed,
  markWithdrawalPaid,
  type PendingWithdrawal,
} from './withdrawal.repository';

/**
 * A withdrawal's payout, once its amount is reserved: asked of Stripe (through the connected account's
 * transfer when there is one), then settled when it arrives or released back to where the money came from
 * when it fails, even after Stripe reported it paid.
 */
@Injectable()
export class PayoutService {
  private readonly logger = new Logger(PayoutService.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly ledger: LedgerService,
    private readonly stripe: StripeGateway,
    private readonly relay: OutboxRelay,
  ) {}

  /**
   * Pays the withdrawal out (payout worker), as Connect requires: a transfer of the amount from the
   * platform to the user's connected account, then a payout on that account to their bank account. Each
   * call is keyed by the withdrawal id, so a job that runs again after a lost answer gets the same
   * transfer and payout back. A refusal releases the money (and takes back a transfer already made).
   * Withdrawals made before Connect payouts (no account) are paid from the platform's balance as before.
   */
  async requestPayout(withdrawalId: string): Promise<void> {
    const withdrawal = await this.prisma.withdrawal.findUnique({ where: { id: withdrawalId } });
    if (!withdrawal || withdrawal.status !== 'pending' || withdrawal.payoutId) return;
    const amountPence = penceFromBigInt(withdrawal.amountPence);
    const account = withdrawal.stripeAccountId;
    let transferId = withdrawal.transferId;
    try {
      if (account && !transferId) {
        transferId = (await this.stripe.transferToAccount({ withdrawalId, amountPence, account })).id;
        await this.prisma.withdrawal.updateMany({
          where: { id: withdrawalId, transferId: null },
          data: { transferId },
        });
      }
      const payout = await this.stripe.createPayout({
        withdrawalId,
        amountPence,
        destination: withdrawal.destination,
        account,
      });
      await this.prisma.withdrawal.updateMany({
        where: { id: withdrawalId, payoutId: null },
        data: { payoutId: payout.id },
      });
    } catch (error) {
      if (!(error instanceof StripeRejectedError)) throw error;
      this.logger.warn(`Payout for withdrawal ${withdrawalId} refused by Stripe: ${error.message}`);
      if (transferId) await this.reclaimTransfer(withdrawalId);
      await this.prisma.$transaction((tx) =>
        this.release(tx, withdrawalId, null, 'Your bank account could not receive the payout.'),
      );
      this.relay.kick();
    }
  }

  /**
   * A payout on the user's connected account failed, so Stripe put the amount back in that account's
   * balance: the transfer is reversed, so the platform holds what the ledger gives back to the user.
   * Keyed by the withdrawal: a redelivered failure reverses once. A reversal Stripe refuses (the
   * account no longer holds the amount) is left to reconciliation and an operator.
   */
  async reclaimTransfer(withdrawalId: string): Promise<void> {
    const withdrawal = await this.prisma.withdrawal.findUnique({
      where: { id: withdrawalId },
      select: { transferId: true },
    });
    if (!withdrawal?.transferId) return;
    try {
      await this.stripe.reverseTransfer(withdrawal.transferId, withdrawalId);
    } catch (error) {
      if (!(error instanceof StripeRejectedError)) throw error;
      this.logger.error(`Transfer of withdrawal ${withdrawalId} not reversed: ${error.message}`);
    }
  }

  /** The payout arrived: the reservation leaves for good. No-op unless the withdrawal is still pending. */
  async settle(tx: Tx, withdrawalId: string, payoutId: string, amountPence: number): Promise<boolean> {
    const withdrawal = await markWithdrawalPaid(tx, withdrawalId, payoutId);
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
    await notifyWithdrawal(tx, 'withdrawal_paid', withdrawal);
    return true;
  }

  /**
   * The payout failed or was refused: the money goes back to where it came from. Usually it was still
   * reserved (pending); a payout can also fail after Stripe reported it paid (the bank returns it days
   * later), and then the money comes back out of stripe:clearing. A wallet closed since (its owner deleted
   * their account) takes no credit: the money is held in unclaimed:funds instead, named by the withdrawal,
   * and ops are told. Runs under the withdrawal's row lock.
   */
  async release(tx: Tx, withdrawalId: string, payoutId: string | null, reason: string): Promise<boolean> {
    const withdrawal = await lockWithdrawalToRelease(tx, withdrawalId);
    if (!withdrawal || withdrawal.status === 'failed') return false;
    const returnedAfterPayment = withdrawal.status === 'paid';
    await markWithdrawalFailed(tx, withdrawalId, reason, payoutId);
    // A wallet is closed only when empty and stays closed; one closing meanwhile makes this post refuse
    // (ClosedAccountError), and the event's retry finds it closed.
    const unclaimed = await isClosedAccount(tx, withdrawal.source_account_id);
    await this.ledger.post(tx, {
      idempotencyKey: `${returnedAfterPayment ? 'withdrawal-returned' : 'withdrawal-released'}:${withdrawalId}`,
      kind: 'withdrawal_released',
      description: unclaimed
        ? 'Withdrawal returned for a deleted account: held as unclaimed funds'
        : 'Withdrawal returned: the payout failed',
      userId: withdrawal.user_id,
      postings: [
        {
          accountId: returnedAfterPayment ? PlatformAccount.stripeClearing : PlatformAccount.payoutsInTransit,
          amountPence: -withdrawal.amount_pence,
        },
        {
          accountId: unclaimed ? PlatformAccount.unclaimedFunds : withdrawal.source_account_id,
          amountPence: withdrawal.amount_pence,
        },
      ],
      metadata: unclaimed ? { withdrawalId, unclaimedFor: withdrawal.source_account_id } : { withdrawalId },
    });
    if (unclaimed) {
      this.logger.warn(
        `Withdrawal ${withdrawalId} came back (${withdrawal.amount_pence}p) for closed ${withdrawal.source_account_id}: held in ${PlatformAccount.unclaimedFunds} for an operator to return`,
      );
      return true;
    }
    await notifyWithdrawal(tx, 'withdrawal_failed', withdrawal);
    return true;
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
