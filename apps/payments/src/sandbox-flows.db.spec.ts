// The real path minus the gateway: the Stripe SDK against the built Stripe sandbox, the real Postgres,
// and the events the sandbox emits when the pay page is submitted, fed to the event worker's service.
import { randomUUID } from 'node:crypto';

import type { PaymentsCaller } from '@kitty/contracts';
import { createStripeClient } from '@kitty/nest-common';
import type Stripe from 'stripe';

import { FundingService } from './funding/funding.service';
import { FundingTransactionsRepository } from './funding/funding-transactions.repository';
import { PlatformAccount, walletAccount } from './ledger/accounts';
import { LedgerService } from './ledger/ledger.service';
import { PrismaService } from './prisma.service';
import { StripeGateway } from './stripe/stripe-gateway';
import { StripeEventRepository } from './stripe-events/stripe-event.repository';
import { StripeEventService } from './stripe-events/stripe-event.service';
import { TopUpCreditService } from './stripe-events/top-up-credit.service';
import { openPaymentsDatabase, type PaymentsDatabase } from './testing/database';
import { FakePeerRpc, idleRelay, quietLive } from './testing/fakes';
import {
  addBankAccount,
  BACS_FAILS,
  BACS_SUCCEEDS,
  CARD_4242,
  connectedAccountWithBank,
  describeWithSandbox,
  REFUSING_ACCOUNT_NUMBER,
  RETURNING_ACCOUNT_NUMBER,
  type RunningSandbox,
  SANDBOX_SECRET_KEY,
  startStripeSandbox,
} from './testing/stripe-sandbox';
import { PayoutService } from './withdrawals/payout.service';
import { WithdrawalService } from './withdrawals/withdrawal.service';

describeWithSandbox('payments against the Stripe sandbox (PostgreSQL)', () => {
  let sandbox: RunningSandbox;
  let database: PaymentsDatabase;
  let prisma: PrismaService;
  let rpc: FakePeerRpc;
  let funding: FundingService;
  let withdrawals: WithdrawalService;
  let payouts: PayoutService;
  let events: StripeEventService;
  let stripeClient: Stripe;
  let stripe: StripeGateway;
  const ledger = new LedgerService();

  beforeAll(async () => {
    sandbox = await startStripeSandbox();
    database = openPaymentsDatabase();
    prisma = database.prisma;
    stripeClient = createStripeClient({ STRIPE_SECRET_KEY: SANDBOX_SECRET_KEY, STRIPE_API_URL: sandbox.url });
    stripe = new StripeGateway(stripeClient);
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
  /** The job the gateway queues for a verified delivery of this event. */
  const deliver = (event: Stripe.Event, account: string | null = null) =>
    events.process({
      eventId: event.id,
      type: event.type,
      account,
      objectId: (event.data.object as { id: string }).id,
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
    await Promise.all([deliver(completed), deliver(completed), deliver(completed)]);
    await expect(sessionState(ada, sessionId)).resolves.toMatchObject({
      status: 'succeeded',
      originalAmount: 2500,
      markupAmount: 50,
    });
    expect(await ledger.balance(prisma, walletAccount(ada.userId))).toBe(2500n);
  });

  it('credits a paid session with one read of Stripe; an unpaid one reads the event too, as its type decides', async () => {
    const ada = someone();
    const start = (method: 'card' | 'bank_transfer') =>
      funding.createCheckoutSession(
        ada,
        { amountPence: 700, destination: { type: 'wallet' }, method },
        randomUUID(),
      );
    const card = (await start('card')).sessionId;
    const bacs = (await start('bank_transfer')).sessionId;
    await sandbox.pay(card, 'card', CARD_4242);
    // A debit the bank refuses: with one that succeeds, the sandbox (50 ms here) could clear it before the
    // event is delivered, and a paid session is credited without reading the event.
    await sandbox.pay(bacs, 'bank', BACS_FAILS);
    const paidEvent = await sandbox.eventFor('checkout.session.completed', card);
    const waitingEvent = await sandbox.eventFor('checkout.session.completed', bacs);
    const eventReads = jest.spyOn(stripe, 'retrieveEvent');
    const sessionReads = jest.spyOn(stripe, 'retrieveSession');

    await deliver(paidEvent);
    expect(eventReads).not.toHaveBeenCalled();
    expect(sessionReads).toHaveBeenCalledTimes(1);
    // Bacs: complete but not paid (until the debit clears, or here ever); the event's type says what that means.
    await deliver(waitingEvent);
    expect(eventReads).toHaveBeenCalledTimes(1);
    eventReads.mockRestore();
    sessionReads.mockRestore();

    await expect(sessionState(ada, card)).resolves.toMatchObject({ status: 'succeeded' });
    await expect(sessionState(ada, bacs)).resolves.toMatchObject({ status: 'processing' });
    expect(await ledger.balance(prisma, walletAccount(ada.userId))).toBe(700n);
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

    await deliver(succeeded);
    await deliver(completed);
    await expect(sessionState(ada, sessionId)).resolves.toMatchObject({ status: 'succeeded' });
    expect(await ledger.balance(prisma, walletAccount(ada.userId))).toBe(1000n);
  });

  it('fails a refused Bacs debit with the bank’s reason, as Stripe words it', async () => {
    const ada = someone();
    const { sessionId } = await funding.createCheckoutSession(
      ada,
      { amountPence: 1200, destination: { type: 'wallet' }, method: 'bank_transfer' },
      randomUUID(),
    );
    await sandbox.pay(sessionId, 'bank', BACS_FAILS);
    await deliver(await sandbox.eventFor('checkout.session.completed', sessionId));
    await deliver(await sandbox.eventFor('checkout.session.async_payment_failed', sessionId));

    await expect(sessionState(ada, sessionId)).resolves.toMatchObject({
      status: 'failed',
      failureReason: 'The customer has told their bank that this debit was not authorised.',
    });
    const [row] = await funding.listFundingTransactions(ada);
    expect(row).toMatchObject({ status: 'failed', failureReason: expect.stringMatching(/not authorised/) });
    expect(await ledger.balance(prisma, walletAccount(ada.userId))).toBe(0n);
  });

  it('expires a page left after a declined card with the decline as its reason, and a bare one without', async () => {
    const ada = someone();
    const start = () =>
      funding.createCheckoutSession(
        ada,
        { amountPence: 900, destination: { type: 'wallet' }, method: 'card' },
        randomUUID(),
      );
    const declined = (await start()).sessionId;
    const untouched = (await start()).sessionId;
    await sandbox.pay(declined, 'card', { ...CARD_4242, card_number: '4000 0000 0000 9995' });
    for (const sessionId of [declined, untouched]) {
      await stripeClient.checkout.sessions.expire(sessionId);
      await deliver(await sandbox.eventFor('checkout.session.expired', sessionId));
    }

    await expect(sessionState(ada, declined)).resolves.toMatchObject({
      status: 'expired',
      failureReason: 'Your card has insufficient funds.',
    });
    await expect(sessionState(ada, untouched)).resolves.toMatchObject({
      status: 'expired',
      failureReason: null,
    });
  });

  it('pays out through Connect (transfer, then payout on the account): settles a paid one, releases and reclaims one the bank refused', async () => {
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
    await deliver(await sandbox.eventFor('checkout.session.completed', sessionId));

    // Ada's own bank account on her connected account; then one the sandbox's bank refuses (…0002).
    const verification = await connectedAccountWithBank(stripeClient);
    const account = verification.accountId;
    rpc.verified.set(ada.userId, verification);
    const paid = await withdrawals.create(
      ada,
      { amountPence: 1000, source: { type: 'wallet' } },
      randomUUID(),
    );
    await payouts.requestPayout(paid.id);
    const refusingBank = await addBankAccount(stripeClient, account, REFUSING_ACCOUNT_NUMBER);
    rpc.verified.set(ada.userId, { ...verification, payoutDestination: refusingBank });
    const refused = await withdrawals.create(
      ada,
      { amountPence: 500, source: { type: 'wallet' } },
      randomUUID(),
    );
    expect(await ledger.balance(prisma, walletAccount(ada.userId))).toBe(1500n);

    await payouts.requestPayout(refused.id);
    await payouts.requestPayout(refused.id);
    const rowOf = (id: string) => prisma.withdrawal.findUniqueOrThrow({ where: { id } });
    // Connect: one transfer to Ada's account and one payout there per withdrawal, however often asked.
    for (const { id } of [paid, refused]) {
      const row = await rowOf(id);
      const transfer = await stripeClient.transfers.retrieve(row.transferId as string);
      expect(transfer).toMatchObject({ destination: account, metadata: { withdrawalId: id } });
      expect((await stripeClient.transfers.list({ transfer_group: `withdrawal:${id}` })).data).toHaveLength(
        1,
      );
    }
    const paidEvent = await sandbox.eventFor('payout.paid', (await rowOf(paid.id)).payoutId as string);
    const failedEvent = await sandbox.eventFor('payout.failed', (await rowOf(refused.id)).payoutId as string);
    for (let i = 0; i < 2; i++) {
      await deliver(paidEvent, account);
      await deliver(failedEvent, account);
    }
    // The failed payout's money went back to Ada's account at Stripe, and from there to the platform.
    const transfer = await stripeClient.transfers.retrieve((await rowOf(refused.id)).transferId as string);
    expect(transfer).toMatchObject({ reversed: true, amount_reversed: 500 });
    const balance = await stripeClient.balance.retrieve({}, { stripeAccount: account });
    expect(balance.available[0]?.amount).toBe(0);

    expect(await ledger.balance(prisma, walletAccount(ada.userId))).toBe(2000n);
    const list = await withdrawals.list(ada);
    expect(list.map((w) => [w.amountPence, w.status])).toEqual([
      [500, 'failed'],
      [1000, 'paid'],
    ]);
  });

  it('gives the money back and tells the owner when a payout the bank returns fails after it was paid', async () => {
    const ada = someone();
    const { sessionId } = await funding.createCheckoutSession(
      ada,
      { amountPence: 2500, destination: { type: 'wallet' }, method: 'card' },
      randomUUID(),
    );
    await sandbox.pay(sessionId, 'card', CARD_4242);
    await deliver(await sandbox.eventFor('checkout.session.completed', sessionId));
    // Ada's bank takes the payout, then sends it back (…0003): Stripe reports it paid, then failed.
    const verification = await connectedAccountWithBank(stripeClient, RETURNING_ACCOUNT_NUMBER);
    const account = verification.accountId;
    rpc.verified.set(ada.userId, verification);
    const withdrawal = await withdrawals.create(
      ada,
      { amountPence: 1000, source: { type: 'wallet' } },
      randomUUID(),
    );
    await payouts.requestPayout(withdrawal.id);
    const row = () => prisma.withdrawal.findUniqueOrThrow({ where: { id: withdrawal.id } });
    const payoutId = (await row()).payoutId as string;
    const clearing = () => ledger.balance(prisma, PlatformAccount.stripeClearing);

    // The payout goes through in_transit (an update Kitty does not act on) to paid.
    const updated = await sandbox.eventFor('payout.updated', payoutId);
    expect(updated.data.object).toMatchObject({ status: 'in_transit' });
    await deliver(updated, account);
    expect((await row()).status).toBe('pending');
    const clearingBefore = await clearing();
    await deliver(await sandbox.eventFor('payout.paid', payoutId), account);
    expect((await row()).status).toBe('paid');
    expect(await ledger.balance(prisma, walletAccount(ada.userId))).toBe(1500n);
    expect(await clearing()).toBe(clearingBefore + 1000n);

    // Then the bank returns it: the paid withdrawal fails, its money comes back out of stripe:clearing to
    // Ada's wallet (once, however often the event comes), the transfer is reversed, and she is told.
    const failed = await sandbox.eventFor('payout.failed', payoutId);
    expect(failed.data.object).toMatchObject({ status: 'failed', failure_code: 'account_closed' });
    await deliver(failed, account);
    await deliver(failed, account);
    expect(await row()).toMatchObject({
      status: 'failed',
      failureReason: 'The bank account has been closed.',
    });
    expect(await ledger.balance(prisma, walletAccount(ada.userId))).toBe(2500n);
    expect(await clearing()).toBe(clearingBefore);
    expect(
      await prisma.ledgerTransaction.count({
        where: { idempotencyKey: `withdrawal-returned:${withdrawal.id}` },
      }),
    ).toBe(1);
    const transfer = await stripeClient.transfers.retrieve((await row()).transferId as string);
    expect(transfer).toMatchObject({ reversed: true, amount_reversed: 1000 });
    const notices = (await prisma.outboxMessage.findMany({ where: { jobName: 'notifications.notify.v1' } }))
      .map((message) => message.payload as { key: string; userId: string; title: string })
      .filter((notice) => notice.key.endsWith(`:${withdrawal.id}`))
      .map(({ key, userId, title }) => [key.split(':')[0], userId, title]);
    expect(notices).toEqual(
      expect.arrayContaining([
        ['withdrawal_paid', ada.userId, 'Your withdrawal of £10.00 has reached your bank'],
        ['withdrawal_failed', ada.userId, 'Your withdrawal of £10.00 could not be paid out'],
      ]),
    );
  });
});
