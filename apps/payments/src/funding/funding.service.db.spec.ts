// Checkout sessions asked for more than once with one Idempotency-Key (a retry after a lost answer, the
// same request taken by two replicas), against the real Postgres: one top-up, one Stripe session, one credit.
import { randomUUID } from 'node:crypto';

import type { CreateCheckoutSessionRequest, PaymentsCaller } from '@kitty/contracts';
import { idFromIdempotencyKey, type LivePublisher, ProblemError } from '@kitty/nest-common';
import { RecordedLive } from '@kitty/testing';

import { walletAccount } from '../ledger/accounts';
import { LedgerService } from '../ledger/ledger.service';
import type { PrismaService } from '../prisma.service';
import { StripeEventRepository } from '../stripe-events/stripe-event.repository';
import { StripeEventService } from '../stripe-events/stripe-event.service';
import { TopUpCreditService } from '../stripe-events/top-up-credit.service';
import { openPaymentsDatabase, type PaymentsDatabase } from '../testing/database';
import { FakePeerRpc, FakeStripe, idleRelay } from '../testing/fakes';
import { PayoutService } from '../withdrawals/payout.service';
import { FundingService } from './funding.service';
import { FundingTransactionsRepository } from './funding-transactions.repository';

const DELIVERIES = 10;

describe('FundingService with Idempotency-Keys (PostgreSQL)', () => {
  let database: PaymentsDatabase;
  let prisma: PrismaService;
  let stripe: FakeStripe;
  let live: RecordedLive;
  let rpc: FakePeerRpc;
  let funding: FundingService;
  let events: StripeEventService;
  const ledger = new LedgerService();

  beforeAll(() => {
    database = openPaymentsDatabase();
    prisma = database.prisma;
  }, 60_000);

  afterAll(async () => {
    await database?.close();
  });

  beforeEach(() => {
    live = new RecordedLive();
    stripe = new FakeStripe();
    rpc = new FakePeerRpc();
    const peers = rpc.asPeers();
    const relay = idleRelay();
    funding = new FundingService(prisma, peers, stripe.asGateway(), { PUBLIC_URL: 'http://kitty.test' });
    events = new StripeEventService(
      prisma,
      new StripeEventRepository(prisma),
      stripe.asGateway(),
      new TopUpCreditService(ledger, new FundingTransactionsRepository()),
      new PayoutService(prisma, ledger, stripe.asGateway(), relay),
      relay,
      live.asPublisher<LivePublisher>(),
    );
  });

  const someone = (): PaymentsCaller => {
    const userId = randomUUID();
    rpc.verify(userId);
    rpc.ukResidents.add(userId);
    return { userId, email: `${userId.slice(0, 8)}@example.com`, name: 'Alice Example' };
  };
  const toWallet = (amountPence: number): CreateCheckoutSessionRequest => ({
    amountPence,
    destination: { type: 'wallet' },
    method: 'card',
  });
  const topUpsOf = (caller: PaymentsCaller) =>
    prisma.fundingTransaction.findMany({ where: { userId: caller.userId } });
  const credits = (sessionId: string) =>
    prisma.ledgerTransaction.count({ where: { idempotencyKey: `topup:${sessionId}` } });
  /** The payer pays on Stripe’s page and its event is processed. */
  const pay = async (sessionId: string) => {
    const event = stripe.complete(sessionId, true);
    await events.process({
      eventId: event,
      type: 'checkout.session.completed',
      account: null,
      objectId: sessionId,
      receivedAt: new Date().toISOString(),
    });
  };
  const problemOf = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ProblemError);
    return (error as ProblemError).problem;
  };

  it('answers the same command twice with one top-up and the same Checkout Session, credited once', async () => {
    const alice = someone();
    const key = randomUUID();
    const first = await funding.createCheckoutSession(alice, toWallet(2500), key);
    const again = await funding.createCheckoutSession(alice, toWallet(2500), key);

    expect(again).toEqual(first);
    const rows = await topUpsOf(alice);
    expect(rows.map((row) => row.id)).toEqual([idFromIdempotencyKey('top-up', alice.userId, key)]);
    expect(rows[0].sessionId).toBe(first.sessionId);
    expect(stripe.sessions.size).toBe(1);

    await pay(first.sessionId);
    await expect(credits(first.sessionId)).resolves.toBe(1);
    await expect(ledger.balance(prisma, walletAccount(alice.userId))).resolves.toBe(2500n);
    // The payer's open tabs are told once the credit committed.
    expect(live.notices).toEqual([{ userIds: [alice.userId], topics: ['top-ups', 'wallet', 'pots'] }]);
    // Asked again after it was paid: the same answer, and no second credit.
    await expect(funding.createCheckoutSession(alice, toWallet(2500), key)).resolves.toEqual(first);
    await expect(credits(first.sessionId)).resolves.toBe(1);
    // Another event about the paid session (e.g. async_payment_succeeded after completed) changes nothing,
    // so nobody is told anything again.
    await events.process({
      eventId: stripe.emit('checkout.session.async_payment_succeeded', first.sessionId),
      type: 'checkout.session.async_payment_succeeded',
      account: null,
      objectId: first.sessionId,
      receivedAt: new Date().toISOString(),
    });
    await expect(credits(first.sessionId)).resolves.toBe(1);
    expect(live.notices).toHaveLength(1);
  });

  it(`makes one top-up of ${DELIVERIES} concurrent deliveries; every answer is it or a 409`, async () => {
    const alice = someone();
    const key = randomUUID();
    const answers = await Promise.allSettled(
      Array.from({ length: DELIVERIES }, () => funding.createCheckoutSession(alice, toWallet(2500), key)),
    );

    const made = answers.flatMap((answer) => (answer.status === 'fulfilled' ? [answer.value] : []));
    expect(made.length).toBeGreaterThan(0);
    for (const answer of answers) {
      if (answer.status === 'fulfilled') expect(answer.value).toEqual(made[0]);
      else expect(answer.reason).toMatchObject({ problem: { status: 409 } });
    }
    const rows = await topUpsOf(alice);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ sessionId: made[0].sessionId, status: 'pending' });
    expect(stripe.sessions.size).toBe(1);
  });

  it('refuses the same key with another amount, method or destination (422)', async () => {
    const alice = someone();
    const potId = randomUUID();
    rpc.join(potId, alice.userId, 'member');
    const key = randomUUID();
    await funding.createCheckoutSession(alice, toWallet(2500), key);

    const others: CreateCheckoutSessionRequest[] = [
      toWallet(2600),
      { ...toWallet(2500), method: 'bank_transfer' },
      { ...toWallet(2500), destination: { type: 'pot', potId } },
    ];
    for (const other of others)
      await expect(problemOf(funding.createCheckoutSession(alice, other, key))).resolves.toMatchObject({
        status: 422,
        title: 'Idempotency-Key reused',
      });
    await expect(topUpsOf(alice)).resolves.toHaveLength(1);
    expect(stripe.sessions.size).toBe(1);
  });

  it('scopes keys to the caller: another user’s top-up with the same key is their own', async () => {
    const [alice, bob] = [someone(), someone()];
    const key = randomUUID();
    const mine = await funding.createCheckoutSession(alice, toWallet(100), key);
    const theirs = await funding.createCheckoutSession(bob, toWallet(200), key);
    expect(theirs.sessionId).not.toBe(mine.sessionId);
    await expect(topUpsOf(bob)).resolves.toHaveLength(1);
  });
});
