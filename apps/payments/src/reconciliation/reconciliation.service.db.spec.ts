// Reconciliation against the built Stripe sandbox and the real Postgres: top-ups and payouts made the
// real way, some of whose events never reached us, then a ledger entry Stripe never charged.
import { randomUUID } from 'node:crypto';

import type { PaymentsCaller } from '@kitty/contracts';
import { createStripeClient } from '@kitty/nest-common';
import { register } from 'prom-client';
import type Stripe from 'stripe';

import { FundingService } from '../funding/funding.service';
import { FundingTransactionsRepository } from '../funding/funding-transactions.repository';
import { LedgerService } from '../ledger/ledger.service';
import { PrismaService } from '../prisma.service';
import { StripeGateway } from '../stripe/stripe-gateway';
import { StripeEventRepository } from '../stripe-events/stripe-event.repository';
import { StripeEventService } from '../stripe-events/stripe-event.service';
import { TopUpCreditService } from '../stripe-events/top-up-credit.service';
import { openPaymentsDatabase, type PaymentsDatabase } from '../testing/database';
import { FakePeerRpc, idleRelay, quietLive } from '../testing/fakes';
import {
  CARD_4242,
  connectedAccountWithBank,
  describeWithSandbox,
  type RunningSandbox,
  SANDBOX_SECRET_KEY,
  startStripeSandbox,
} from '../testing/stripe-sandbox';
import { PayoutService } from '../withdrawals/payout.service';
import { WithdrawalService } from '../withdrawals/withdrawal.service';
import { ReconciliationRepository } from './reconciliation.repository';
import { ReconciliationService } from './reconciliation.service';

describeWithSandbox('reconciliation of Stripe and the ledger (PostgreSQL, Stripe sandbox)', () => {
  let sandbox: RunningSandbox;
  let client: Stripe;
  let database: PaymentsDatabase;
  let prisma: PrismaService;
  let rpc: FakePeerRpc;
  let funding: FundingService;
  let withdrawals: WithdrawalService;
  let payouts: PayoutService;
  let events: StripeEventService;
  let reconciliation: ReconciliationService;
  const ledger = new LedgerService();

  beforeAll(async () => {
    sandbox = await startStripeSandbox();
    database = openPaymentsDatabase();
    prisma = database.prisma;
    client = createStripeClient({ STRIPE_SECRET_KEY: SANDBOX_SECRET_KEY, STRIPE_API_URL: sandbox.url });
    const stripe = new StripeGateway(client);
    rpc = new FakePeerRpc();
    const peers = rpc.asPeers();
    funding = new FundingService(prisma, peers, stripe, { PUBLIC_URL: 'http://localhost:3000' });
    withdrawals = new WithdrawalService(prisma, ledger, peers, idleRelay(), quietLive());
    payouts = new PayoutService(prisma, ledger, stripe, idleRelay());
    events = new StripeEventService(
      prisma,
      new StripeEventRepository(prisma),
      stripe,
      new TopUpCreditService(ledger, new FundingTransactionsRepository()),
      payouts,
      idleRelay(),
      quietLive(),
    );
    reconciliation = new ReconciliationService(new ReconciliationRepository(prisma), client);
  }, 60_000);

  afterAll(async () => {
    sandbox?.stop();
    await database?.close();
  });

  /** A verified user whose withdrawals are paid through their own connected account in the sandbox. */
  const someone = async (): Promise<PaymentsCaller> => {
    const userId = randomUUID();
    rpc.verified.set(userId, await connectedAccountWithBank(client));
    rpc.ukResidents.add(userId);
    return { userId, email: 'ada@example.com', name: 'Ada Lovelace' };
  };
  /** Delivers an event as the gateway queues it: with the connected account it happened on, if any. */
  const deliver = (event: { id: string; account?: string }) =>
    events.process({
      eventId: event.id,
      type: 'event',
      account: event.account ?? null,
      objectId: null,
      receivedAt: new Date().toISOString(),
    });
  const paidTopUp = async (caller: PaymentsCaller, amountPence: number) => {
    const { sessionId } = await funding.createCheckoutSession(
      caller,
      {
        amountPence,
        destination: { type: 'wallet' },
        method: 'card',
      },
      randomUUID(),
    );
    await sandbox.pay(sessionId, 'card', CARD_4242);
    return { sessionId, completed: await sandbox.eventFor('checkout.session.completed', sessionId) };
  };
  const payoutOf = async (withdrawalId: string) =>
    (await prisma.withdrawal.findUniqueOrThrow({ where: { id: withdrawalId } })).payoutId as string;
  const window = (start: Date) => ({ from: start, to: new Date(Date.now() + 60_000) });
  const gauge = async (kind: string) => {
    const metric = await register.getSingleMetric('kitty_reconciliation_mismatches')?.get();
    return metric?.values.find((value) => value.labels['kind'] === kind)?.value;
  };

  it('finds nothing when every event arrived, and each kind of gap when one did not', async () => {
    const start = new Date(Date.now() - 1_000);
    const ada = await someone();
    const credited = await paidTopUp(ada, 3000);
    await deliver(credited.completed);
    const withdrawal = await withdrawals.create(
      ada,
      { amountPence: 1000, source: { type: 'wallet' } },
      randomUUID(),
    );
    await payouts.requestPayout(withdrawal.id);
    await deliver(await sandbox.eventFor('payout.paid', await payoutOf(withdrawal.id)));

    const clean = await reconciliation.reconcile(window(start));
    expect(clean).toMatchObject({
      // The payout on Ada's connected account, found through our transfer to it.
      stripe: { paidSessions: 1, payouts: 1 },
      ledger: { topUps: 1, withdrawals: 1 },
      mismatches: [],
    });
    expect(await gauge('top_up_missing')).toBe(0);

    // A paid top-up whose event never came, and a payout paid at Stripe that we still think pending.
    const lost = await paidTopUp(ada, 2000);
    const pending = await withdrawals.create(
      ada,
      { amountPence: 500, source: { type: 'wallet' } },
      randomUUID(),
    );
    await payouts.requestPayout(pending.id);
    const pendingPayout = await payoutOf(pending.id);
    await sandbox.eventFor('payout.paid', pendingPayout);
    // A top-up in the ledger for a session nobody paid (as if someone forged the event).
    const unpaid = await funding.createCheckoutSession(
      ada,
      {
        amountPence: 700,
        destination: { type: 'wallet' },
        method: 'card',
      },
      randomUUID(),
    );
    await prisma.$transaction((tx) =>
      ledger.post(tx, {
        idempotencyKey: `topup:${unpaid.sessionId}`,
        kind: 'top_up',
        description: 'forged',
        userId: null,
        postings: [
          { accountId: 'stripe:clearing', amountPence: -714n },
          { accountId: `wallet:${ada.userId}`, amountPence: 700n },
          { accountId: 'platform:fees', amountPence: 14n },
        ],
      }),
    );

    const report = await reconciliation.reconcile(window(start));
    expect(report.mismatches).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'top_up_missing', stripeId: lost.sessionId }),
        expect.objectContaining({ kind: 'payout_status', stripeId: pendingPayout }),
        expect.objectContaining({ kind: 'top_up_unpaid', stripeId: unpaid.sessionId }),
      ]),
    );
    expect(report.mismatches).toHaveLength(3);
    expect(await gauge('top_up_missing')).toBe(1);
    expect(await gauge('payout_status')).toBe(1);

    // The late events arrive: only the forged credit is left.
    await deliver(lost.completed);
    await deliver(await sandbox.eventFor('payout.paid', pendingPayout));
    const after = await reconciliation.reconcile(window(start));
    expect(after.mismatches.map((m) => m.kind)).toEqual(['top_up_unpaid']);
    expect(await gauge('top_up_missing')).toBe(0);
  }, 60_000);

  it('leaves out what was created outside the window', async () => {
    const ada = await someone();
    const credited = await paidTopUp(ada, 1500);
    await deliver(credited.completed);
    const future = new Date(Date.now() + 3_600_000);
    const report = await reconciliation.reconcile({ from: future, to: new Date(future.getTime() + 60_000) });
    expect(report).toMatchObject({
      stripe: { paidSessions: 0, payouts: 0 },
      ledger: { topUps: 0 },
      mismatches: [],
    });
  }, 30_000);
});
