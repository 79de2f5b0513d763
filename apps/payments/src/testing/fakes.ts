// Test doubles for what payments calls outside its database: Stripe and the peer services.
import { randomUUID } from 'node:crypto';

import { DEFAULT_POT_RULES, type PotRules, ResidencyRpc, type RpcContract } from '@kitty/contracts';
import type { LivePublisher, OutboxRelay } from '@kitty/nest-common';
import { RecordedLive } from '@kitty/testing';
import type Stripe from 'stripe';

import type { PaymentAccountSnapshot } from '../payment-accounts/payment-account.repository';
import { PeerServices } from '../peers/peer-services';
import type { PotAccessSnapshot } from '../pot-access/pot-access.repository';
import {
  type PayoutParams,
  type StripeGateway,
  StripeRejectedError,
  type TopUpCheckoutParams,
  type TransferParams,
} from '../stripe/stripe-gateway';

type Session = Stripe.Checkout.Session;

/**
 * A stateful Stripe: sessions, payouts and the events about them. `retrieve*` answers the object's
 * current state, as Stripe does; events carry only what the worker may use (their id, type and object id).
 */
export class FakeStripe {
  readonly sessions = new Map<string, Session>();
  readonly payouts = new Map<string, Stripe.Payout>();
  readonly events = new Map<string, Stripe.Event>();
  readonly created: TopUpCheckoutParams[] = [];
  readonly payoutRequests: PayoutParams[] = [];
  /** Refuse the next payout creations (as Stripe does for a closed account). */
  rejectPayouts = false;

  asGateway(): StripeGateway {
    return this as unknown as StripeGateway;
  }

  /** The funding id is Stripe's idempotency key for the session: a repeat gets the same session back. */
  async createTopUpSession(params: TopUpCheckoutParams): Promise<Session> {
    this.created.push(params);
    const earlier = [...this.sessions.values()].find(
      (session) => session.metadata?.['fundingId'] === params.fundingId,
    );
    if (earlier) return { ...earlier };
    const id = `cs_test_${randomUUID().replaceAll('-', '')}`;
    const session = {
      id,
      object: 'checkout.session',
      url: `http://stripe.test/pay/${id}`,
      status: 'open',
      payment_status: 'unpaid',
      amount_total: params.amountPence + params.feePence,
      client_reference_id: params.fundingId,
      metadata: { fundingId: params.fundingId },
    } as unknown as Session;
    this.sessions.set(id, session);
    return session;
  }

  /** Like Stripe: only an open session can be expired (a complete one is refused). */
  async expireSession(id: string): Promise<Session> {
    const session = this.sessions.get(id);
    if (!session) throw new Error(`No such session ${id}`);
    if (session.status !== 'open')
      throw new StripeRejectedError(
        `Only open sessions can be expired (this one is ${session.status})`,
        null,
      );
    this.update(id, { status: 'expired' });
    return { ...this.sessions.get(id)! };
  }

  async retrieveSession(id: string): Promise<Session> {
    const session = this.sessions.get(id);
    if (!session) throw new Error(`No such session ${id}`);
    return { ...session };
  }

  async retrieveEvent(id: string): Promise<Stripe.Event> {
    const event = this.events.get(id);
    if (!event) throw new Error(`No such event ${id}`);
    return event;
  }

  async retrievePayout(id: string): Promise<Stripe.Payout> {
    const payout = this.payouts.get(id);
    if (!payout) throw new Error(`No such payout ${id}`);
    return { ...payout };
  }

  async createPayout(params: PayoutParams): Promise<Stripe.Payout> {
    this.payoutRequests.push(params);
    if (this.rejectPayouts) throw new StripeRejectedError('No such external account', 'resource_missing');
    const existing = [...this.payouts.values()].find(
      (p) => p.metadata?.['withdrawalId'] === params.withdrawalId,
    );
    if (existing) return existing;
    const payout = {
      id: `po_${randomUUID().replaceAll('-', '')}`,
      object: 'payout',
      amount: params.amountPence,
      status: 'pending',
      destination: params.destination,
      failure_message: null,
      metadata: { withdrawalId: params.withdrawalId },
    } as unknown as Stripe.Payout;
    this.payouts.set(payout.id, payout);
    return payout;
  }

  /** Transfers to connected accounts, by withdrawal id (keyed as Stripe's idempotency would). */
  readonly transfers = new Map<string, Stripe.Transfer>();
  readonly reversals: { transferId: string; withdrawalId: string }[] = [];

  async transferToAccount(params: TransferParams): Promise<Stripe.Transfer> {
    const existing = this.transfers.get(params.withdrawalId);
    if (existing) return existing;
    const transfer = {
      id: `tr_${randomUUID().replaceAll('-', '')}`,
      object: 'transfer',
      amount: params.amountPence,
      destination: params.account,
      metadata: { withdrawalId: params.withdrawalId },
    } as unknown as Stripe.Transfer;
    this.transfers.set(params.withdrawalId, transfer);
    return transfer;
  }

  async reverseTransfer(transferId: string, withdrawalId: string): Promise<Stripe.TransferReversal> {
    if (!this.reversals.some((r) => r.withdrawalId === withdrawalId))
      this.reversals.push({ transferId, withdrawalId });
    return {
      id: `trr_${withdrawalId}`,
      object: 'transfer_reversal',
      transfer: transferId,
    } as Stripe.TransferReversal;
  }

  /** The payer finished the pay page: by card (paid now) or by Bacs (paid later). Returns the event id. */
  complete(sessionId: string, paid: boolean): string {
    this.update(sessionId, { status: 'complete', payment_status: paid ? 'paid' : 'unpaid' });
    return this.emit('checkout.session.completed', sessionId);
  }

  /** The Bacs debit's outcome, some time after completion. */
  settleAsync(sessionId: string, succeeded: boolean): string {
    if (succeeded) this.update(sessionId, { payment_status: 'paid' });
    return this.emit(
      succeeded ? 'checkout.session.async_payment_succeeded' : 'checkout.session.async_payment_failed',
      sessionId,
    );
  }

  expire(sessionId: string): string {
    this.update(sessionId, { status: 'expired' });
    return this.emit('checkout.session.expired', sessionId);
  }

  finishPayout(payoutId: string, paid: boolean): string {
    const payout = this.payouts.get(payoutId);
    if (!payout) throw new Error(`No such payout ${payoutId}`);
    this.payouts.set(payoutId, {
      ...payout,
      status: paid ? 'paid' : 'failed',
      failure_message: paid ? null : 'The bank account has been closed.',
    });
    return this.emit(paid ? 'payout.paid' : 'payout.failed', payoutId);
  }

  emit(type: string, objectId: string): string {
    const id = `evt_${randomUUID().replaceAll('-', '')}`;
    this.events.set(id, {
      id,
      object: 'event',
      type,
      data: { object: { id: objectId } },
    } as unknown as Stripe.Event);
    return id;
  }

  private update(sessionId: string, changes: Partial<Session>) {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`No such session ${sessionId}`);
    this.sessions.set(sessionId, { ...session, ...changes });
  }
}

/** A payment account as a test sets it up: what issuing would announce, but for whose it is and when. */
export type FakePaymentAccount = Omit<
  PaymentAccountSnapshot,
  'userId' | 'version' | 'identityKey' | 'closed'
>;

/**
 * Residency over request/reply, and the projections of pots' and issuing's announcements (memberships and
 * rules, payment accounts and people), as the test sets them up.
 */
export class FakePeerRpc {
  readonly ukResidents = new Set<string>();
  readonly verified = new Map<string, FakePaymentAccount>();
  readonly memberships = new Map<
    string,
    { role: 'owner' | 'member'; potName: string; name: string; joinedAt: Date }
  >();
  /** Each pot's rules; a pot not named here has the defaults. */
  readonly rules = new Map<string, PotRules>();
  /** The pattern of every request made over request/reply, in order. */
  readonly asked: string[] = [];
  /** Each user's person, as KYC knows them: accounts with the same person are one person's. */
  readonly people = new Map<string, string>();

  verify(userId: string, payoutDestination = 'ba_test_0001', payoutsAvailableFrom: string | null = null) {
    this.verified.set(userId, {
      verified: true,
      accountId: `acct_${userId.slice(0, 8)}`,
      payoutDestination,
      payoutAccountLabel: 'NatWest •••• 0001',
      payoutsAvailableFrom,
    });
  }

  join(
    potId: string,
    userId: string,
    role: 'owner' | 'member',
    potName = 'Lisbon trip',
    name = 'Ada Lovelace',
    joinedAt = new Date(Date.now() - 60_000),
  ) {
    this.memberships.set(`${potId}/${userId}`, { role, potName, name, joinedAt });
  }

  /** A pot's access as payments' projection would hold it, from the memberships and rules set here. */
  private async potAccess(potId: string): Promise<PotAccessSnapshot | null> {
    const members = [...this.memberships.entries()].filter(([key]) => key.startsWith(`${potId}/`));
    if (members.length === 0) return null;
    return {
      potId,
      version: 1,
      name: members[0][1].potName,
      isActive: true,
      rules: this.rulesOf(potId),
      members: members.map(([key, member]) => ({
        userId: key.slice(potId.length + 1),
        role: member.role,
        name: member.name,
        joinedAt: member.joinedAt.toISOString(),
      })),
    };
  }

  private rulesOf(potId: string): PotRules {
    return this.rules.get(potId) ?? { ...DEFAULT_POT_RULES };
  }

  /** A user's payment account as payments' projection would hold it, from `verified` and `people`. */
  private async paymentAccount(userId: string): Promise<PaymentAccountSnapshot | null> {
    const account = this.verified.get(userId);
    if (!account) return null;
    return { ...account, userId, version: 1, identityKey: null, closed: false };
  }

  /** Those of `userIds` with a person, keyed by that person (issuing's identity key, in payments' view). */
  private async identityKeys(userIds: string[]): Promise<Map<string, string>> {
    return new Map(
      userIds.flatMap((userId) => {
        const person = this.people.get(userId);
        return person === undefined ? [] : [[userId, person] as const];
      }),
    );
  }

  /** A PeerServices whose RPC client answers from this state (residency only: nothing else is asked). */
  asPeers(): PeerServices {
    return new PeerServices(
      {
        call: async (contract: RpcContract, request: unknown) => {
          this.asked.push(contract.pattern);
          return contract.reply.parse(await this.answer(contract, request));
        },
      } as never,
      { find: (potId) => this.potAccess(potId) },
      {
        find: (userId) => this.paymentAccount(userId),
        identityKeys: (userIds) => this.identityKeys(userIds),
      },
    );
  }

  private async answer(contract: RpcContract, request: unknown): Promise<unknown> {
    const { userId } = request as { userId: string };
    switch (contract) {
      case ResidencyRpc.get:
        return {
          countryCode: this.ukResidents.has(userId) ? 'GB' : 'FR',
          isUkResident: this.ukResidents.has(userId),
          detectedAt: new Date().toISOString(),
          method: 'ip_address',
        };
      default:
        throw new Error(`Unexpected RPC ${contract.pattern}`);
    }
  }
}

/** The relay is only kicked by the code under test; the tests read the outbox table instead. */
export const idleRelay = () => ({ kick: () => undefined }) as unknown as OutboxRelay;

/** A publisher for tests that do not read the notices. */
export const quietLive = () => new RecordedLive().asPublisher<LivePublisher>();
