// Against the real Redis and Postgres: the worker consumes what the gateway enqueues, from two replicas
// at once, and credits every top-up exactly once.
import { randomUUID } from 'node:crypto';

import { type StripeEventJob, StripeEventQueue } from '@kitty/contracts';
import { QueueRegistry, redisOptionsFromUrl } from '@kitty/nest-common';
import { Queue } from 'bullmq';

import type { PaymentsConfig } from '../config';
import { FundingService } from '../funding/funding.service';
import { FundingTransactionsRepository } from '../funding/funding-transactions.repository';
import { walletAccount } from '../ledger/accounts';
import { LedgerService } from '../ledger/ledger.service';
import { PrismaService } from '../prisma.service';
import { openPaymentsDatabase, type PaymentsDatabase } from '../testing/database';
import { FakePeerRpc, FakeStripe, idleRelay, quietLive } from '../testing/fakes';
import { waitFor } from '../testing/stripe-sandbox';
import { PayoutService } from '../withdrawals/payout.service';
import { StripeEventProcessor } from './stripe-event.processor';
import { StripeEventRepository } from './stripe-event.repository';
import { StripeEventService } from './stripe-event.service';
import { TopUpCreditService } from './top-up-credit.service';

// eslint-disable-next-line no-restricted-properties -- npm test points medium tests at its run's Redis here.
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const SESSIONS = 100;

describe('StripeEventProcessor (Redis, PostgreSQL)', () => {
  const prefix = `payments-spec-${randomUUID().slice(0, 8)}`;
  const config = {
    REDIS_URL,
    QUEUE_PREFIX: prefix,
    STRIPE_EVENT_WORKER_CONCURRENCY: 5,
  } as PaymentsConfig;
  let database: PaymentsDatabase;
  let prisma: PrismaService;
  let producer: QueueRegistry;
  let queue: Queue;
  let replicas: StripeEventProcessor[] = [];

  beforeAll(() => {
    database = openPaymentsDatabase();
    prisma = database.prisma;
    producer = new QueueRegistry(REDIS_URL, prefix, [StripeEventQueue]);
    queue = new Queue(StripeEventQueue.name, { connection: redisOptionsFromUrl(REDIS_URL), prefix });
  }, 60_000);

  afterAll(async () => {
    await Promise.all(replicas.map((replica) => replica.onApplicationShutdown()));
    await queue?.obliterate({ force: true });
    await queue?.close();
    await producer?.close();
    await database?.close();
  });

  it('credits 100 top-ups once each from two replicas, whatever the duplicates; discards a malformed job', async () => {
    const stripe = new FakeStripe();
    const rpc = new FakePeerRpc();
    const ledger = new LedgerService();
    const peers = rpc.asPeers();
    const funding = new FundingService(prisma, peers, stripe.asGateway(), {
      PUBLIC_URL: 'http://kitty.test',
    });
    const events = new StripeEventService(
      prisma,
      new StripeEventRepository(prisma),
      stripe.asGateway(),
      new TopUpCreditService(ledger, new FundingTransactionsRepository()),
      new PayoutService(prisma, ledger, stripe.asGateway(), idleRelay()),
      idleRelay(),
      quietLive(),
    );

    const payers: string[] = [];
    const eventIds: string[] = [];
    for (let i = 0; i < SESSIONS; i++) {
      const userId = randomUUID();
      rpc.verify(userId);
      payers.push(userId);
      const { sessionId } = await funding.createCheckoutSession(
        { userId, email: 'payer@example.com', name: 'Payer' },
        { amountPence: 100 + i, destination: { type: 'wallet' }, method: 'card' },
        randomUUID(),
      );
      // Stripe's own event plus a second event about the same session (e.g. a later redelivery).
      eventIds.push(stripe.complete(sessionId, true), stripe.emit('checkout.session.completed', sessionId));
    }
    const job = (eventId: string): StripeEventJob => ({
      eventId,
      type: 'checkout.session.completed',
      account: null,
      objectId: null,
      receivedAt: new Date().toISOString(),
    });
    // Each event enqueued twice under its id (the gateway's retries): BullMQ keeps one job per id.
    const jobs = [...eventIds, ...eventIds].map((id) => ({
      id,
      name: StripeEventQueue.jobs[0],
      data: job(id),
    }));
    jobs.push({
      id: 'evt_malformed',
      name: StripeEventQueue.jobs[0],
      data: { eventId: '' } as StripeEventJob,
    });
    await producer.addBulk(StripeEventQueue.name, jobs);

    replicas = [new StripeEventProcessor(config, events), new StripeEventProcessor(config, events)];
    for (const replica of replicas) replica.onApplicationBootstrap();

    const counts = await waitFor(async () => {
      const now = await queue.getJobCounts('completed', 'failed', 'waiting', 'active', 'delayed');
      return now['completed'] + now['failed'] === eventIds.length + 1 ? now : null;
    }, 60_000);
    expect(counts).toMatchObject({ completed: eventIds.length, failed: 1 });
    expect((await queue.getJob('evt_malformed'))?.attemptsMade).toBe(1);

    expect(await prisma.ledgerTransaction.count({ where: { kind: 'top_up' } })).toBe(SESSIONS);
    for (const [i, userId] of payers.entries())
      expect(await ledger.balance(prisma, walletAccount(userId))).toBe(BigInt(100 + i));
    expect(await prisma.stripeEvent.count()).toBe(eventIds.length);
  }, 90_000);
});
