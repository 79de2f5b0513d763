import type { IssuingEventJob } from '@kitty/contracts';
import { Injectable, Logger } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';

import { OnboardingService } from '../accounts/onboarding.service';
import { CardAuthorizationRepository } from './card-authorization.repository';
import { CardMoneyClient } from './card-money.client';

type AuthorizationEvent = Extract<IssuingEventJob, { kind: 'authorization' }>;
type TransactionEvent = Extract<IssuingEventJob, { kind: 'transaction' }>;

export const cardReleaseKey = (stripeObjectId: string) => `card-release:${stripeObjectId}`;

/**
 * What happens to a hold after the decision. Each event works under its authorisation's row lock and each
 * ledger movement has a key derived from the Stripe object, so redeliveries and any order of events end
 * in the same balances: a capture takes what is still held (the rest of it goes back to the pot), a
 * reversal or expiry gives back what is still held, and an authorisation Stripe did not approve (e.g. our
 * answer came too late) never keeps a hold.
 */
@Injectable()
export class IssuingEventService {
  private readonly logger = new Logger(IssuingEventService.name);

  constructor(
    private readonly authorizations: CardAuthorizationRepository,
    private readonly money: CardMoneyClient,
    private readonly onboarding: OnboardingService,
  ) {}

  process(job: IssuingEventJob): Promise<void> {
    switch (job.kind) {
      case 'authorization':
        return this.onAuthorization(job);
      case 'transaction':
        return this.onTransaction(job);
      case 'account':
        return this.onboarding.accountUpdated(job.accountId);
      case 'unreadable':
        // Kept for an operator: the event will not become readable by retrying it.
        throw new UnrecoverableError(
          `Stripe event ${job.eventId} (${job.type}) is unreadable: ${job.reason}`,
        );
    }
  }

  private async onAuthorization(event: AuthorizationEvent): Promise<void> {
    // Approved and still pending (or closed by its captures): the transactions settle it.
    if (event.approved && event.status !== 'reversed' && event.status !== 'expired') return;
    return this.authorizations.inLockedAuthorization(event.authorizationId, async (tx, row) => {
      if (!event.approved) {
        // Also with no row yet: payments records the authorisation as released, which stops a decision
        // still in flight from holding money.
        await this.money.cancelHold(event.authorizationId, 'Card payment declined');
        if (row) await this.authorizations.closeUnapproved(tx, row.id);
        return;
      }
      if (!row) return;
      if (row.holdRemainingPence > 0 && row.potId && row.userId) {
        await this.money.releaseHold({
          idempotencyKey: cardReleaseKey(event.authorizationId),
          authorizationId: event.authorizationId,
          potId: row.potId,
          userId: row.userId,
          amountPence: row.holdRemainingPence,
          description: row.merchantName,
        });
      }
      await this.authorizations.settle(tx, row.id, { holdRemainingPence: 0, status: event.status });
    });
  }

  private onTransaction(event: TransactionEvent): Promise<void> {
    const authorizationId = event.authorizationId;
    if (!authorizationId)
      throw new UnrecoverableError(`Transaction ${event.transactionId} has no authorisation (force capture)`);
    return this.authorizations.inLockedAuthorization(authorizationId, async (tx, row) => {
      if (!row || row.decision !== 'approved' || !row.potId || !row.userId)
        throw new UnrecoverableError(
          `Transaction ${event.transactionId} on authorisation ${authorizationId}, which Kitty did not approve`,
        );
      if (event.transactionType === 'refund')
        throw new UnrecoverableError(
          `Refund ${event.transactionId}: card refunds are credited by an operator`,
        );
      const claimed = await this.authorizations.claimTransaction(tx, row.id, {
        id: event.transactionId,
        type: event.transactionType,
        amountPence: event.amountPence,
      });
      if (!claimed) return;

      const fromHold = Math.min(row.holdRemainingPence, event.amountPence);
      await this.money.capture({
        transactionId: event.transactionId,
        authorizationId,
        potId: row.potId,
        userId: row.userId,
        amountPence: event.amountPence,
        fromHoldPence: fromHold,
        description: event.merchantName || row.merchantName,
      });
      const leftover = row.holdRemainingPence - fromHold;
      if (leftover > 0) {
        await this.money.releaseHold({
          idempotencyKey: cardReleaseKey(event.transactionId),
          authorizationId,
          potId: row.potId,
          userId: row.userId,
          amountPence: leftover,
          description: row.merchantName,
        });
      }
      await this.authorizations.settle(tx, row.id, { holdRemainingPence: 0, status: 'closed' });
      this.logger.log(
        `Captured ${event.amountPence}p on ${authorizationId} (held ${row.holdRemainingPence}p)`,
      );
    });
  }
}
