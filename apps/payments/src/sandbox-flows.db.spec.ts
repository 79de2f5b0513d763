// The real path minus the gateway: the Stripe SDK against the built Stripe sandbox, the real Postgres,
// and the events the sandbox emits when the pay page is submitted, fed to the event worker's service.
import { randomUUID } from 'node:crypto';

import type { PaymentsCaller } from '@kitty/contracts';
import { createStripeClient } from '@kitty/nest-common';

import { FundingService } from './funding/funding.service';
import { walletAccount } from './ledger/accounts';
import { LedgerService } from './ledger/ledger.service';
import { PrismaService } from './prisma.service';
import { StripeGateway } from './stripe/stripe-gateway';
import { StripeEventService } from './stripe-events/stripe-event.service';
import { TopUpCreditService } from './stripe-events/top-up-credit.service';
import { openPaymentsDatabase, type PaymentsDatabase } from './testing/database';
import { FakePeerRpc, idleRelay } from './testing/fakes';
import {
  BACS_SUCCEEDS,
  CARD_4242,
  describeWithSandbox,
  type RunningSandbox,
  SANDBOX_SECRET_KEY,
  startStripeSandbox,
} from './testing/stripe-sandbox';
import { WithdrawalService } from './withdrawals/withdrawal.service';

describeWithSandbox('payments against the Stripe sandbox (PostgreSQL)', () => {
  let sandbox: RunningSandbox;
  let database: PaymentsDatabase;
  let prisma: PrismaService;
  let rpc: FakePeerRpc;
  let funding: FundingService;
  let withdrawals: WithdrawalService;
  let events: StripeEventService;
  const ledger = new LedgerService();

  beforeAll(async () => {
    sandbox = await startStripeSandbox();
    database = openPaymentsDatabase();
    prisma = database.prisma;
    const stripe = new StripeGateway(
      createStripeClient({ STRIPE_SECRET_KEY: SANDBOX_SECRET_KEY, STRIPE_API_URL: sandbox.url }),
    );
    rpc = new FakePeerRpc();
    const peers = rpc.asPeers();
    funding = new FundingService(prisma, peers, stripe, { PUBLIC_URL: 'http://localhost:3000' });
    withdrawals = new WithdrawalService(prisma, ledger, peers, stripe, idleRelay());
    events = new StripeEventService(prisma, stripe, new TopUpCreditService(ledger), withdrawals, idleRelay());
  }, 60_000);

  afterAll(async () => {
    sandbox?.stop();
    await database?.close();
  });

  const someone = (): PaymentsCaller => {
    const userId = randomUUID();
    rpc.verify(userId);
    rpc.ukResidents.add(userId);
    return { userId, email: 'ada@example.com', name: 'Ada Lovelace' };
  };
  const deliver = (eventId: string) =>
    events.process({
      eventId,
      type: 'checkout.session.completed',
      account: null,
      objectId: null,
      receivedAt: new Date().toISOString(),
    });
  const sessionState = (caller: PaymentsCaller, sessionId: string) =>
    funding.getFundingSession(caller, sessionId);

  it('credits a card payment made on the pay page once, however often its event is delivered', async () => {
    const ada = someone();
    const { sessionId } = await funding.createCheckoutSession(
      ada,
      {
        amountPence: 2500,
        destination: { type: 'wallet' },
        method: 'card',
      },
      randomUUID(),
    );
    const paid = await sandbox.pay(sessionId, 'card', CARD_4242);
    expect(paid.headers.get('location')).toBe(
      `http://localhost:3000/funding-success?session_id=${sessionId}`,
    );

    const completed = await sandbox.eventFor('checkout.session.completed', sessionId);
    await Promise.all([deliver(completed.id), deliver(completed.id), deliver(completed.id)]);
    await expect(sessionState(ada, sessionId)).resolves.toMatchObject({
      status: 'succeeded',
      originalAmount: 2500,
      markupAmount: 50,
    });
    expect(await ledger.balance(prisma, walletAccount(ada.userId))).toBe(2500n);
  });

  it('credits a Bacs payment once when its success event is processed before its completion', async () => {
    const ada = someone();
    const { sessionId } = await funding.createCheckoutSession(
      ada,
      {
        amountPence: 1000,
        destination: { type: 'wallet' },
        method: 'bank_transfer',
      },
      randomUUID(),
    );
    await sandbox.pay(sessionId, 'bank', BACS_SUCCEEDS);
    const succeeded = await sandbox.eventFor('checkout.session.async_payment_succeeded', sessionId);
    const completed = await sandbox.eventFor('checkout.session.completed', sessionId);

    await deliver(succeeded.id);
    await deliver(completed.id);
    await expect(sessionState(ada, sessionId)).resolves.toMatchObject({ status: 'succeeded' });
    expect(await ledger.balance(prisma, walletAccount(ada.userId))).toBe(1000n);
  });

  it('settles a paid payout and releases one the bank refused', async () => {
    const ada = someone();
    const { sessionId } = await funding.createCheckoutSession(
      ada,
      {
        amountPence: 3000,
        destination: { type: 'wallet' },
        method: 'card',
      },
      randomUUID(),
    );
    await sandbox.pay(sessionId, 'card', CARD_4242);
    await deliver((await sandbox.eventFor('checkout.session.completed', sessionId)).id);

    const paid = await withdrawals.create(
      ada,
      { amountPence: 1000, source: { type: 'wallet' } },
      randomUUID(),
    );
    rpc.verify(ada.userId, 'ba_fail_account_closed');
    const refused = await withdrawals.create(
      ada,
      { amountPence: 500, source: { type: 'wallet' } },
      randomUUID(),
    );
    expect(await ledger.balance(prisma, walletAccount(ada.userId))).toBe(1500n);

    for (const { id } of [paid, refused]) await withdrawals.requestPayout(id);
    const payoutOf = async (id: string) =>
      (await prisma.withdrawal.findUniqueOrThrow({ where: { id } })).payoutId as string;
    await deliver((await sandbox.eventFor('payout.paid', await payoutOf(paid.id))).id);
    await deliver((await sandbox.eventFor('payout.failed', await payoutOf(refused.id))).id);

    expect(await ledger.balance(prisma, walletAccount(ada.userId))).toBe(2000n);
    const list = await withdrawals.list(ada);
    expect(list.map((w) => [w.amountPence, w.status])).toEqual([
      [500, 'failed'],
      [1000, 'paid'],
    ]);
  });
});
