// Against the real Postgres: top-ups through Stripe events, withdrawals and top-up requests end to end
// inside the payments service, with Stripe and the peer services faked at their boundary.
import { randomUUID } from 'node:crypto';

import type { PaymentsCaller, StripeEventJob } from '@kitty/contracts';
import { ProblemError } from '@kitty/nest-common';

import { FundingService } from './funding/funding.service';
import { FundingTransactionsRepository } from './funding/funding-transactions.repository';
import { PlatformAccount, potAccount, walletAccount } from './ledger/accounts';
import { LedgerService } from './ledger/ledger.service';
import { PrismaService } from './prisma.service';
import { StripeEventRepository } from './stripe-events/stripe-event.repository';
import { StripeEventService } from './stripe-events/stripe-event.service';
import { TopUpCreditService } from './stripe-events/top-up-credit.service';
import { openPaymentsDatabase, type PaymentsDatabase } from './testing/database';
import { FakePeerRpc, FakeStripe, idleRelay, quietLive } from './testing/fakes';
import { TopUpRequestService } from './top-up-requests/top-up-request.service';
import { WalletService } from './wallet/wallet.service';
import { WalletClosingRepository } from './wallet/wallet-closing.repository';
import { WalletClosingService } from './wallet/wallet-closing.service';
import { PayoutService } from './withdrawals/payout.service';
import { WithdrawalService } from './withdrawals/withdrawal.service';

const PUBLIC_URL = 'http://kitty.test';

describe('payments money flows (PostgreSQL)', () => {
  let database: PaymentsDatabase;
  let prisma: PrismaService;
  let stripe: FakeStripe;
  let rpc: FakePeerRpc;
  let funding: FundingService;
  let events: StripeEventService;
  let withdrawals: WithdrawalService;
  let payouts: PayoutService;
  let wallets: WalletService;
  let requests: TopUpRequestService;
  const ledger = new LedgerService();

  beforeAll(() => {
    database = openPaymentsDatabase();
    prisma = database.prisma;
  }, 60_000);

  afterAll(async () => {
    await database?.close();
  });

  beforeEach(() => {
    stripe = new FakeStripe();
    rpc = new FakePeerRpc();
    const peers = rpc.asPeers();
    const relay = idleRelay();
    funding = new FundingService(prisma, peers, stripe.asGateway(), { PUBLIC_URL });
    withdrawals = new WithdrawalService(prisma, ledger, peers, relay, quietLive());
    payouts = new PayoutService(prisma, ledger, stripe.asGateway(), relay);
    events = new StripeEventService(
      prisma,
      new StripeEventRepository(prisma),
      stripe.asGateway(),
      new TopUpCreditService(ledger, new FundingTransactionsRepository()),
      payouts,
      relay,
      quietLive(),
    );
    wallets = new WalletService(prisma, peers);
    requests = new TopUpRequestService(prisma, peers, relay, { PUBLIC_URL }, {
      reserve: async () => undefined,
    } as never);
  });

  const someone = (uk = true): PaymentsCaller => {
    const userId = randomUUID();
    rpc.verify(userId);
    if (uk) rpc.ukResidents.add(userId);
    return { userId, email: `${userId.slice(0, 8)}@example.com`, name: 'Alice Example' };
  };
  const job = (eventId: string): StripeEventJob => ({
    eventId,
    type: 'ignored: the worker reads the event from Stripe',
    account: null,
    objectId: null,
    receivedAt: new Date().toISOString(),
  });
  const deliver = (eventId: string) => events.process(job(eventId));
  const balance = (accountId: string) => ledger.balance(prisma, accountId);
  const status = async (sessionId: string) =>
    (await prisma.fundingTransaction.findUniqueOrThrow({ where: { sessionId } })).status;
  const creditsOf = (sessionId: string) =>
    prisma.ledgerTransaction.count({ where: { idempotencyKey: `topup:${sessionId}` } });
  const problemOf = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ProblemError);
    return (error as ProblemError).problem;
  };
  /** Money in the wallet without Stripe: a top-up posted straight to the ledger. */
  const fund = (accountId: string, pence: number) =>
    prisma.$transaction((tx) =>
      ledger.post(tx, {
        idempotencyKey: `seed:${randomUUID()}`,
        kind: 'top_up',
        description: 'Seed',
        userId: null,
        postings: [
          { accountId: PlatformAccount.stripeClearing, amountPence: -BigInt(pence) },
          { accountId, amountPence: BigInt(pence) },
        ],
      }),
    );

  describe('top-ups', () => {
    it('credits a card top-up exactly once when its event arrives 50 times at once, then replayed', async () => {
      const alice = someone();
      const created = await funding.createCheckoutSession(
        alice,
        {
          amountPence: 2500,
          destination: { type: 'wallet' },
          method: 'card',
        },
        randomUUID(),
      );
      expect(created).toMatchObject({ amountPence: 2500, feePence: 50, feeRate: 2, totalPence: 2550 });
      await expect(funding.getFundingSession(alice, created.sessionId)).resolves.toMatchObject({
        status: 'pending',
      });

      const eventId = stripe.complete(created.sessionId, true);
      const results = await Promise.all(Array.from({ length: 50 }, () => deliver(eventId)));
      expect(results.filter((r) => r === 'handled')).toHaveLength(1);
      expect(results.filter((r) => r === 'duplicate')).toHaveLength(49);
      await expect(deliver(eventId)).resolves.toBe('duplicate');

      expect(await balance(walletAccount(alice.userId))).toBe(2500n);
      expect(await creditsOf(created.sessionId)).toBe(1);
      await expect(funding.getFundingSession(alice, created.sessionId)).resolves.toEqual({
        sessionId: created.sessionId,
        status: 'succeeded',
        originalAmount: 2500,
        markupAmount: 50,
        markupPercentage: 2,
        isUKUser: true,
        method: 'card',
        destination: { type: 'wallet', name: 'your Kitty wallet' },
        failureReason: null,
      });
    });

    it('charges 6% to an international user and posts clearing −(P+F), pot +P, fees +F', async () => {
      const bob = someone(false);
      const potId = randomUUID();
      rpc.join(potId, bob.userId, 'member', 'Ski chalet');
      const [clearing, fees] = [
        await balance(PlatformAccount.stripeClearing),
        await balance(PlatformAccount.fees),
      ];

      const created = await funding.createCheckoutSession(
        bob,
        {
          amountPence: 1001,
          destination: { type: 'pot', potId },
          method: 'card',
        },
        randomUUID(),
      );
      expect(created).toMatchObject({ feePence: 60, feeRate: 6, totalPence: 1061 });
      await deliver(stripe.complete(created.sessionId, true));

      expect(await balance(potAccount(potId))).toBe(1001n);
      expect((await balance(PlatformAccount.fees)) - fees).toBe(60n);
      expect((await balance(PlatformAccount.stripeClearing)) - clearing).toBe(-1061n);
      const announced = await prisma.outboxMessage.findMany({ where: { queue: 'pots-balance-changed' } });
      expect(announced.map((m) => m.payload)).toContainEqual(
        expect.objectContaining({ potId, balancePence: 1001, kind: 'top_up', userId: bob.userId }),
      );
    });

    it.each([
      [['completed', 'succeeded']],
      [['succeeded', 'completed']],
      [['completed', 'succeeded', 'completed', 'succeeded']],
      [['succeeded', 'succeeded', 'completed']],
    ])('a Bacs debit that succeeds ends credited once whatever the order: %j', async (order) => {
      const alice = someone();
      const { sessionId } = await funding.createCheckoutSession(
        alice,
        {
          amountPence: 10_000,
          destination: { type: 'wallet' },
          method: 'bank_transfer',
        },
        randomUUID(),
      );
      expect(stripe.created.at(-1)?.methodTypes).toEqual(['bacs_debit']);
      const completed = stripe.complete(sessionId, false);
      const succeeded = stripe.settleAsync(sessionId, true);
      for (const step of order) await deliver(step === 'completed' ? completed : succeeded);

      expect(await status(sessionId)).toBe('succeeded');
      expect(await balance(walletAccount(alice.userId))).toBe(10_000n);
      expect(await creditsOf(sessionId)).toBe(1);
    });

    it('shows a Bacs debit as processing until it clears, and never moves back', async () => {
      const alice = someone();
      const { sessionId } = await funding.createCheckoutSession(
        alice,
        {
          amountPence: 500,
          destination: { type: 'wallet' },
          method: 'bank_transfer',
        },
        randomUUID(),
      );
      const completed = stripe.complete(sessionId, false);
      await deliver(completed);
      expect(await status(sessionId)).toBe('processing');
      expect(await balance(walletAccount(alice.userId))).toBe(0n);

      await deliver(stripe.settleAsync(sessionId, true));
      expect(await status(sessionId)).toBe('succeeded');
      // A late redelivery of `completed` under a new event id (as Stripe may send) changes nothing.
      await deliver(stripe.emit('checkout.session.completed', sessionId));
      expect(await status(sessionId)).toBe('succeeded');
      expect(await creditsOf(sessionId)).toBe(1);
    });

    it.each([[['completed', 'failed']], [['failed', 'completed']], [['failed', 'completed', 'failed']]])(
      'a failed Bacs debit ends failed with no money whatever the order: %j',
      async (order) => {
        const alice = someone();
        const { sessionId } = await funding.createCheckoutSession(
          alice,
          {
            amountPence: 500,
            destination: { type: 'wallet' },
            method: 'bank_transfer',
          },
          randomUUID(),
        );
        const completed = stripe.complete(sessionId, false);
        const failed = stripe.settleAsync(sessionId, false);
        for (const step of order) await deliver(step === 'completed' ? completed : failed);

        expect(await status(sessionId)).toBe('failed');
        expect(await creditsOf(sessionId)).toBe(0);
        await expect(funding.getFundingSession(alice, sessionId)).resolves.toMatchObject({
          failureReason: 'The bank payment failed.',
        });
      },
    );

    it('marks an abandoned session expired and ignores event types it does not act on', async () => {
      const alice = someone();
      const { sessionId } = await funding.createCheckoutSession(
        alice,
        {
          amountPence: 500,
          destination: { type: 'wallet' },
          method: 'card',
        },
        randomUUID(),
      );
      await expect(deliver(stripe.expire(sessionId))).resolves.toBe('handled');
      expect(await status(sessionId)).toBe('expired');
      await expect(deliver(stripe.emit('payout.created', 'po_unrelated'))).resolves.toBe('ignored');
    });

    it('lists the caller’s top-ups newest first and nobody else’s', async () => {
      const alice = someone();
      const first = await funding.createCheckoutSession(
        alice,
        {
          amountPence: 100,
          destination: { type: 'wallet' },
          method: 'card',
        },
        randomUUID(),
      );
      const second = await funding.createCheckoutSession(
        alice,
        {
          amountPence: 200,
          destination: { type: 'wallet' },
          method: 'apple_pay',
        },
        randomUUID(),
      );
      await funding.createCheckoutSession(
        someone(),
        {
          amountPence: 300,
          destination: { type: 'wallet' },
          method: 'card',
        },
        randomUUID(),
      );
      const list = await funding.listFundingTransactions(alice);
      expect(list.map((t) => t.sessionId)).toEqual([second.sessionId, first.sessionId]);
      expect(list[0]).toMatchObject({
        amountPence: 200,
        feePence: 4,
        method: 'apple_pay',
        status: 'pending',
      });
    });
  });

  describe('strangers', () => {
    it('cannot read another user’s funding session', async () => {
      const alice = someone();
      const { sessionId } = await funding.createCheckoutSession(
        alice,
        {
          amountPence: 1000,
          destination: { type: 'wallet' },
          method: 'card',
        },
        randomUUID(),
      );
      await expect(problemOf(funding.getFundingSession(someone(), sessionId))).resolves.toMatchObject({
        status: 404,
      });
    });

    it('cannot read or pay a top-up request sent to someone else', async () => {
      const alice = someone();
      const { id } = await requests.create(alice, {
        amountPence: 2000,
        recipients: ['Friend@Example.com'],
        message: 'For the flat',
        target: { type: 'wallet' },
      });
      const stranger = someone();
      await expect(problemOf(requests.get(stranger, id))).resolves.toMatchObject({ status: 404 });
      await expect(
        problemOf(
          funding.createCheckoutSession(
            stranger,
            {
              amountPence: 2000,
              destination: { type: 'top_up_request', requestId: id },
              method: 'card',
            },
            randomUUID(),
          ),
        ),
      ).resolves.toMatchObject({ status: 404 });
    });

    it('cannot add to or withdraw from a pot they are not in', async () => {
      const stranger = someone();
      const potId = randomUUID();
      await expect(
        problemOf(
          funding.createCheckoutSession(
            stranger,
            {
              amountPence: 100,
              destination: { type: 'pot', potId },
              method: 'card',
            },
            randomUUID(),
          ),
        ),
      ).resolves.toMatchObject({ status: 404, title: 'Pot not found' });
      await expect(
        problemOf(
          withdrawals.create(stranger, { amountPence: 100, source: { type: 'pot', potId } }, randomUUID()),
        ),
      ).resolves.toMatchObject({ status: 404 });
    });
  });

  describe('top-up requests', () => {
    it('e-mails each recipient once and lets a recipient pay into the requester’s wallet', async () => {
      const alice = someone();
      const created = await requests.create(alice, {
        amountPence: 2500,
        recipients: ['bob@example.com', 'BOB@example.com', 'carol@example.com'],
        message: 'Rent',
        target: { type: 'wallet' },
      });
      expect(created.recipients).toBe(2);
      const mails = await prisma.outboxMessage.findMany({ where: { queue: 'notifications-email' } });
      const ours = mails.filter((m) => JSON.stringify(m.payload).includes(created.id));
      expect(ours.map((m) => (m.payload as { to: string }).to).sort()).toEqual([
        'bob@example.com',
        'carol@example.com',
      ]);
      expect(ours[0].payload).toMatchObject({
        template: 'top-up-request',
        data: { amount: '£25.00', topUpUrl: `${PUBLIC_URL}/top-up?request=${created.id}` },
      });

      const bob: PaymentsCaller = { ...someone(), email: 'bob@example.com' };
      await expect(requests.get(bob, created.id)).resolves.toMatchObject({
        requesterName: 'Alice Example',
        amountPence: 2500,
        target: { type: 'wallet' },
      });
      const { sessionId } = await funding.createCheckoutSession(
        bob,
        {
          amountPence: 2500,
          destination: { type: 'top_up_request', requestId: created.id },
          method: 'card',
        },
        randomUUID(),
      );
      await deliver(stripe.complete(sessionId, true));
      expect(await balance(walletAccount(alice.userId))).toBe(2500n);
      expect(await balance(walletAccount(bob.userId))).toBe(0n);
    });
  });

  describe('withdrawals', () => {
    it('lets exactly 100 of 200 concurrent £1 withdrawals through a £100 wallet', async () => {
      const alice = someone();
      await fund(walletAccount(alice.userId), 10_000);
      // A withdrawal whose transaction could not begin, or ran out of time queueing on the wallet's lock on a
      // busy machine (Prisma's P2028), was rolled back whole: it is tried again with its key, as the app's
      // client does with the 5xx it becomes.
      const withdraw = async (key: string): Promise<unknown> => {
        try {
          return await withdrawals.create(alice, { amountPence: 100, source: { type: 'wallet' } }, key);
        } catch (error) {
          if ((error as { code?: unknown }).code === 'P2028') return withdraw(key);
          throw error;
        }
      };
      const outcomes = await Promise.allSettled(Array.from({ length: 200 }, () => withdraw(randomUUID())));
      const refused = outcomes.filter((o) => o.status === 'rejected');
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(100);
      expect(refused).toHaveLength(100);
      for (const r of refused)
        expect((r as PromiseRejectedResult).reason).toMatchObject({
          problem: { status: 400, title: 'Insufficient Funds' },
        });
      expect(await balance(walletAccount(alice.userId))).toBe(0n);
      expect(await prisma.withdrawal.count({ where: { userId: alice.userId } })).toBe(100);
      const payoutJobs = await prisma.outboxMessage.findMany({ where: { queue: 'payments-payouts' } });
      const ids = new Set((await withdrawals.list(alice)).map((w) => w.id));
      expect(
        payoutJobs.filter((j) => ids.has((j.payload as { withdrawalId: string }).withdrawalId)),
      ).toHaveLength(100);
      await expect(wallets.get(alice)).resolves.toMatchObject({ balancePence: 0, withdrawablePence: 0 });
    }, 180_000);

    it('settles a paid payout and releases a failed one back to the pot it came from', async () => {
      const owner = someone();
      const potId = randomUUID();
      rpc.join(potId, owner.userId, 'owner');
      await fund(potAccount(potId), 5000);

      const paid = await withdrawals.create(
        owner,
        { amountPence: 1000, source: { type: 'pot', potId } },
        randomUUID(),
      );
      const failed = await withdrawals.create(
        owner,
        { amountPence: 2000, source: { type: 'pot', potId } },
        randomUUID(),
      );
      expect(await balance(potAccount(potId))).toBe(2000n);

      await payouts.requestPayout(paid.id);
      await payouts.requestPayout(paid.id);
      await payouts.requestPayout(failed.id);
      expect(stripe.payouts.size).toBe(2);
      const payoutOf = async (id: string) =>
        (await prisma.withdrawal.findUniqueOrThrow({ where: { id } })).payoutId as string;

      const paidEvent = stripe.finishPayout(await payoutOf(paid.id), true);
      const failedEvent = stripe.finishPayout(await payoutOf(failed.id), false);
      await Promise.all([deliver(paidEvent), deliver(paidEvent), deliver(failedEvent), deliver(failedEvent)]);

      expect(await balance(potAccount(potId))).toBe(4000n);
      const list = await withdrawals.list(owner);
      expect(list.find((w) => w.id === paid.id)).toMatchObject({ status: 'paid', failureReason: null });
      expect(list.find((w) => w.id === failed.id)).toMatchObject({
        status: 'failed',
        failureReason: 'The bank account has been closed.',
      });
    });

    it('gives the money back when a payout Stripe reported paid is returned by the bank', async () => {
      const alice = someone();
      await fund(walletAccount(alice.userId), 1500);
      const withdrawal = await withdrawals.create(
        alice,
        { amountPence: 1500, source: { type: 'wallet' } },
        randomUUID(),
      );
      await payouts.requestPayout(withdrawal.id);
      const { payoutId } = await prisma.withdrawal.findUniqueOrThrow({ where: { id: withdrawal.id } });
      const paidEvent = stripe.finishPayout(payoutId as string, true);
      await deliver(paidEvent);
      expect(await balance(walletAccount(alice.userId))).toBe(0n);

      const failedEvent = stripe.finishPayout(payoutId as string, false);
      await deliver(failedEvent);
      // A late `payout.paid` about it (a new event id) finds the payout failed and changes nothing.
      await deliver(stripe.emit('payout.paid', payoutId as string));
      expect(await balance(walletAccount(alice.userId))).toBe(1500n);
      await expect(withdrawals.list(alice)).resolves.toMatchObject([{ status: 'failed' }]);
    });

    it('holds a payout the bank returns after its owner deleted their account in unclaimed:funds, for ops', async () => {
      const alice = someone();
      await fund(walletAccount(alice.userId), 2500);
      const withdrawal = await withdrawals.create(
        alice,
        { amountPence: 2500, source: { type: 'wallet' } },
        randomUUID(),
      );
      await payouts.requestPayout(withdrawal.id);
      const { payoutId } = await prisma.withdrawal.findUniqueOrThrow({ where: { id: withdrawal.id } });
      await deliver(stripe.finishPayout(payoutId as string, true));
      // Paid, the wallet empty: Alice deletes her account and her wallet closes.
      await new WalletClosingService(prisma, new WalletClosingRepository()).close({ userId: alice.userId });
      const unclaimedBefore = await balance(PlatformAccount.unclaimedFunds);

      const failedEvent = stripe.finishPayout(payoutId as string, false);
      await Promise.all([deliver(failedEvent), deliver(failedEvent)]);

      expect(await balance(walletAccount(alice.userId))).toBe(0n);
      expect(await balance(PlatformAccount.unclaimedFunds)).toBe(unclaimedBefore + 2500n);
      const held = await prisma.$queryRawUnsafe<{ account_id: string; amount_pence: bigint }[]>(
        `SELECT split_part(p.account_id, '/', 1) AS account_id, p.amount_pence
           FROM ledger_postings p JOIN ledger_transactions t ON t.id = p.transaction_id
          WHERE t.idempotency_key = $1 ORDER BY p.amount_pence`,
        `withdrawal-returned:${withdrawal.id}`,
      );
      expect(held).toEqual([
        { account_id: PlatformAccount.stripeClearing, amount_pence: -2500n },
        { account_id: PlatformAccount.unclaimedFunds, amount_pence: 2500n },
      ]);
      const [transaction] = await prisma.$queryRawUnsafe<{ metadata: Record<string, string> }[]>(
        `SELECT metadata FROM ledger_transactions WHERE idempotency_key = $1`,
        `withdrawal-returned:${withdrawal.id}`,
      );
      expect(transaction.metadata).toMatchObject({
        withdrawalId: withdrawal.id,
        unclaimedFor: walletAccount(alice.userId),
      });
      // The ledger stays zero-sum: every transaction, and every account against its postings.
      const [unbalanced] = await prisma.$queryRawUnsafe<{ count: bigint }[]>(
        `SELECT count(*) AS count FROM (
           SELECT transaction_id FROM ledger_postings GROUP BY transaction_id HAVING SUM(amount_pence) <> 0
         ) t`,
      );
      expect(unbalanced.count).toBe(0n);
      await expect(withdrawals.list(alice)).resolves.toMatchObject([{ status: 'failed' }]);
    });

    it('releases the reservation when Stripe refuses to create the payout', async () => {
      const alice = someone();
      await fund(walletAccount(alice.userId), 700);
      const withdrawal = await withdrawals.create(
        alice,
        { amountPence: 700, source: { type: 'wallet' } },
        randomUUID(),
      );
      stripe.rejectPayouts = true;
      await payouts.requestPayout(withdrawal.id);
      await payouts.requestPayout(withdrawal.id);
      expect(await balance(walletAccount(alice.userId))).toBe(700n);
      await expect(withdrawals.list(alice)).resolves.toMatchObject([{ status: 'failed' }]);
    });

    it('refuses a member who does not own the pot, and an unverified account', async () => {
      const member = someone();
      const potId = randomUUID();
      rpc.join(potId, member.userId, 'member');
      await expect(
        problemOf(
          withdrawals.create(member, { amountPence: 100, source: { type: 'pot', potId } }, randomUUID()),
        ),
      ).resolves.toMatchObject({ status: 403 });

      const unverified: PaymentsCaller = { ...member, userId: randomUUID() };
      await expect(
        problemOf(
          withdrawals.create(unverified, { amountPence: 100, source: { type: 'wallet' } }, randomUUID()),
        ),
      ).resolves.toMatchObject({ status: 403, title: 'Account Setup Required' });
    });
  });
});
