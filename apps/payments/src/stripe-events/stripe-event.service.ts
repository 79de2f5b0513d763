import { type LiveTopic, type StripeEventJob, Uuid } from '@kitty/contracts';
import { LivePublisher, OutboxRelay } from '@kitty/nest-common';
import { Injectable, Logger } from '@nestjs/common';
import type Stripe from 'stripe';

import { PrismaService, type Tx } from '../prisma.service';
import { StripeGateway } from '../stripe/stripe-gateway';
import { PayoutService } from '../withdrawals/payout.service';
import { WITHDRAWAL_TOPICS } from '../withdrawals/withdrawal.service';
import { type CheckoutOutcome, checkoutOutcome, isCheckoutEventType, payoutOutcome } from './event-outcome';
import { type StripeEventRef,StripeEventRepository } from './stripe-event.repository';
import { TopUpCreditService } from './top-up-credit.service';

export type EventResult = 'handled' | 'duplicate' | 'ignored';

/** What a top-up's change can alter in its owner's tabs. */
const TOP_UP_TOPICS: LiveTopic[] = ['top-ups', 'wallet', 'pots'];

/**
 * Acts on one Stripe event. The job says only which event and object: the session or payout is read back
 * from Stripe (and the event too, unless the session is paid), so a forged or stale job cannot move
 * money. Everything an event changes commits in one transaction with its id in stripe_events, which
 * serialises concurrent deliveries of the same event; the ledger's idempotency keys and the conditional
 * status updates make deliveries of different events about the same object agree whatever their order.
 */
@Injectable()
export class StripeEventService {
  private readonly logger = new Logger(StripeEventService.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly events: StripeEventRepository,
    private readonly stripe: StripeGateway,
    private readonly topUps: TopUpCreditService,
    private readonly payouts: PayoutService,
    private readonly relay: OutboxRelay,
    private readonly live: LivePublisher,
  ) {}

  async process(job: StripeEventJob): Promise<EventResult> {
    // Saves Stripe calls on a replay; the insert in `once` is what actually guarantees a single effect.
    if (await this.events.wasHandled(job.eventId)) return 'duplicate';
    const session = await this.checkoutSession(job);
    const result =
      session?.payment_status === 'paid'
        ? await this.applyCheckout({ id: job.eventId, type: job.type }, session, { kind: 'credit' })
        : await this.apply(await this.stripe.retrieveEvent(job.eventId, job.account), job.account, session);
    if (result === 'handled') this.relay.kick();
    return result;
  }

  /**
   * The session a checkout event's job names, read back from Stripe first. A paid session is credited
   * whatever event brought us here (checkoutOutcome), so then the event itself need not be read: one
   * Stripe call per top-up instead of two (Stripe also limits the calls a platform may make).
   * Otherwise the event read back decides, with this session when it is the one the event names.
   */
  private async checkoutSession(job: StripeEventJob): Promise<Stripe.Checkout.Session | null> {
    if (!isCheckoutEventType(job.type) || !job.objectId) return null;
    return this.stripe.retrieveSession(job.objectId, job.account);
  }

  private async apply(
    event: Stripe.Event,
    account: string | null,
    readSession: Stripe.Checkout.Session | null,
  ): Promise<EventResult> {
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
      case 'checkout.session.async_payment_failed':
      case 'checkout.session.expired': {
        const session =
          readSession?.id === event.data.object.id
            ? readSession
            : await this.stripe.retrieveSession(event.data.object.id, account);
        return this.applyCheckout(event, session, checkoutOutcome(event.type, session));
      }
      case 'payout.paid':
      case 'payout.failed': {
        const payout = await this.stripe.retrievePayout(event.data.object.id, account);
        const outcome = payoutOutcome(payout);
        const withdrawalId = payout.metadata?.['withdrawalId'];
        if (!withdrawalId || !Uuid.safeParse(withdrawalId).success)
          return this.ignore(event, 'a payout Kitty did not request');
        // A failed payout on the user's connected account left the money there: take the transfer back
        // first (keyed, so once), so what the ledger returns to the user is back on the platform.
        if (outcome.kind === 'failed' && account) await this.payouts.reclaimTransfer(withdrawalId);
        const { result } = await this.once(event, (tx) =>
          outcome.kind === 'paid'
            ? this.payouts.settle(tx, withdrawalId, payout.id, payout.amount)
            : this.payouts.release(tx, withdrawalId, payout.id, outcome.reason),
        );
        if (result === 'handled') await this.tellWithdrawalOwner(withdrawalId);
        return result;
      }
      default:
        return this.ignore(event, 'a type Kitty does not act on');
    }
  }

  private async applyCheckout(
    event: StripeEventRef,
    session: Stripe.Checkout.Session,
    outcome: CheckoutOutcome,
  ): Promise<EventResult> {
    const done = await this.once(event, (tx) => this.topUps.apply(tx, session, outcome));
    // The payer's open tabs re-read it once the change has committed (a pot's other members hear of its
    // balance from pots, which knows who they are).
    if (done.result === 'handled' && done.value) await this.live.publish([done.value], TOP_UP_TOPICS);
    return done.result;
  }

  /** Runs the event's effect unless this event id was already handled; both commit together. */
  private async once<T>(
    event: StripeEventRef,
    effect: (tx: Tx) => Promise<T>,
  ): Promise<{ result: 'handled'; value: T } | { result: 'duplicate' }> {
    return this.prisma.$transaction(async (tx) => {
      if (!(await this.events.recordOnce(tx, event))) return { result: 'duplicate' as const };
      return { result: 'handled' as const, value: await effect(tx) };
    });
  }

  /** Tells the withdrawal's owner, once its change has committed, so their open tabs re-read it. */
  private async tellWithdrawalOwner(withdrawalId: string) {
    const owner = await this.events.withdrawalOwner(withdrawalId);
    if (owner) await this.live.publish([owner], WITHDRAWAL_TOPICS);
  }

  private ignore(event: Stripe.Event, why: string): EventResult {
    this.logger.log(`Ignoring Stripe event ${event.id} (${event.type}): ${why}`);
    return 'ignored';
  }
}
