// Withdrawals delivered more than once with one Idempotency-Key (a retry after a lost answer, the same
// request taken by two replicas), against the real Postgres: one withdrawal, one reservation, one payout job.
import { randomUUID } from 'node:crypto';

import type { CreateWithdrawalRequest, PaymentsCaller, Withdrawal } from '@kitty/contracts';
import { idFromIdempotencyKey, type LivePublisher, ProblemError } from '@kitty/nest-common';
import { RecordedLive } from '@kitty/testing';
import fc from 'fast-check';

import { PlatformAccount, potAccount, walletAccount } from '../ledger/accounts';
import { LedgerService } from '../ledger/ledger.service';
import type { PrismaService } from '../prisma.service';
import { openPaymentsDatabase, type PaymentsDatabase } from '../testing/database';
import { FakePeerRpc, FakeStripe, idleRelay } from '../testing/fakes';
import { PayoutService } from './payout.service';
import { WithdrawalService } from './withdrawal.service';

const DELIVERIES = 10;
const WALLET_PENCE = 100_000;

describe('WithdrawalService with Idempotency-Keys (PostgreSQL)', () => {
  let database: PaymentsDatabase;
  let prisma: PrismaService;
  let rpc: FakePeerRpc;
  let live: RecordedLive;
  let withdrawals: WithdrawalService;
  const ledger = new LedgerService();

  beforeAll(() => {
    database = openPaymentsDatabase();
    prisma = database.prisma;
  }, 60_000);

  afterAll(async () => {
    await database?.close();
  });

  beforeEach(() => {
    rpc = new FakePeerRpc();
    live = new RecordedLive();
    withdrawals = new WithdrawalService(
      prisma,
      ledger,
      rpc.asPeers(),
      idleRelay(),
      live.asPublisher<LivePublisher>(),
    );
  });

  /** A verified user with £1,000 in their wallet. */
  async function someone(): Promise<PaymentsCaller> {
    const userId = randomUUID();
    rpc.verify(userId);
    await fund(walletAccount(userId), WALLET_PENCE);
    return { userId, email: `${userId.slice(0, 8)}@example.com`, name: 'Alice Example' };
  }
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
  const wallet = (caller: PaymentsCaller) => ledger.balance(prisma, walletAccount(caller.userId));
  const rowsOf = (caller: PaymentsCaller) => prisma.withdrawal.findMany({ where: { userId: caller.userId } });
  const reservations = (withdrawalId: string) =>
    prisma.ledgerTransaction.count({ where: { idempotencyKey: `withdrawal:${withdrawalId}` } });
  const payoutJobs = async (withdrawalId: string) =>
    (await prisma.outboxMessage.findMany({ where: { queue: 'payments-payouts' } })).filter(
      (job) => (job.payload as { withdrawalId?: string }).withdrawalId === withdrawalId,
    ).length;
  const fromWallet = (amountPence: number): CreateWithdrawalRequest => ({
    amountPence,
    source: { type: 'wallet' },
  });
  const problemOf = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ProblemError);
    return (error as ProblemError).problem;
  };

  it('refuses a verified user without their own bank account with 409, reserving nothing', async () => {
    const caller = await someone();
    rpc.verified.set(caller.userId, {
      verified: true,
      accountId: 'acct_nobank',
      payoutDestination: null,
      payoutAccountLabel: null,
      payoutsAvailableFrom: null,
    });
    await expect(problemOf(withdrawals.create(caller, fromWallet(100), randomUUID()))).resolves.toMatchObject(
      {
        status: 409,
        title: 'Bank Account Required',
      },
    );
    expect(await rowsOf(caller)).toEqual([]);
    expect(await wallet(caller)).toBe(BigInt(WALLET_PENCE));
  });

  it('refuses a withdrawal to a bank account still cooling off with 409 naming when it becomes possible', async () => {
    const caller = await someone();
    rpc.verify(caller.userId, 'ba_new_9911', '2099-11-30T09:12:00.000Z');
    await expect(problemOf(withdrawals.create(caller, fromWallet(100), randomUUID()))).resolves.toMatchObject(
      {
        status: 409,
        title: 'Bank Account Cooling Off',
        detail: expect.stringContaining('Withdrawals to NatWest •••• 0001 are available from 30 Nov, 09:12.'),
      },
    );
    expect(await rowsOf(caller)).toEqual([]);
    expect(await wallet(caller)).toBe(BigInt(WALLET_PENCE));
  });

  it('pays out through Connect: one transfer to the account, one payout on it, however often the job runs', async () => {
    const stripe = new FakeStripe();
    withdrawals = new WithdrawalService(
      prisma,
      ledger,
      rpc.asPeers(),
      idleRelay(),
      live.asPublisher<LivePublisher>(),
    );
    const payouts = new PayoutService(prisma, ledger, stripe.asGateway(), idleRelay());
    const caller = await someone();
    const withdrawal = await withdrawals.create(caller, fromWallet(700), randomUUID());
    await Promise.all([payouts.requestPayout(withdrawal.id), payouts.requestPayout(withdrawal.id)]);
    await payouts.requestPayout(withdrawal.id);
    const row = await prisma.withdrawal.findUniqueOrThrow({ where: { id: withdrawal.id } });
    const transfer = stripe.transfers.get(withdrawal.id);
    expect(transfer).toMatchObject({ amount: 700, destination: `acct_${caller.userId.slice(0, 8)}` });
    expect(row).toMatchObject({ transferId: transfer?.id, payoutId: expect.stringMatching(/^po_/) });
    expect(new Set(stripe.payoutRequests.map((request) => request.account))).toEqual(
      new Set([`acct_${caller.userId.slice(0, 8)}`]),
    );
  });

  it('takes the transfer back and releases the money when Stripe refuses the payout', async () => {
    const stripe = new FakeStripe();
    stripe.rejectPayouts = true;
    withdrawals = new WithdrawalService(
      prisma,
      ledger,
      rpc.asPeers(),
      idleRelay(),
      live.asPublisher<LivePublisher>(),
    );
    const payouts = new PayoutService(prisma, ledger, stripe.asGateway(), idleRelay());
    const caller = await someone();
    const withdrawal = await withdrawals.create(caller, fromWallet(300), randomUUID());
    await payouts.requestPayout(withdrawal.id);
    expect(stripe.reversals).toEqual([
      { transferId: stripe.transfers.get(withdrawal.id)?.id, withdrawalId: withdrawal.id },
    ]);
    expect(await wallet(caller)).toBe(BigInt(WALLET_PENCE));
    expect((await withdrawals.list(caller))[0]).toMatchObject({ status: 'failed' });
  });

  it('answers the same command twice with one withdrawal, reserved once, with one payout job', async () => {
    const alice = await someone();
    const key = randomUUID();
    const first = await withdrawals.create(alice, fromWallet(2500), key);
    const again = await withdrawals.create(alice, fromWallet(2500), key);

    expect(again).toEqual(first);
    expect(first.id).toBe(idFromIdempotencyKey('withdrawal', alice.userId, key));
    await expect(rowsOf(alice)).resolves.toHaveLength(1);
    await expect(reservations(first.id)).resolves.toBe(1);
    await expect(payoutJobs(first.id)).resolves.toBe(1);
    await expect(wallet(alice)).resolves.toBe(BigInt(WALLET_PENCE - 2500));
    // Alice's other tabs hear of it once it committed (a replayed command moved nothing: no notice).
    expect(live.notices).toEqual([{ userIds: [alice.userId], topics: ['withdrawals', 'wallet', 'pots'] }]);
  });

  it(`makes one withdrawal of ${DELIVERIES} concurrent deliveries; every answer is it or a 409`, async () => {
    const alice = await someone();
    const key = randomUUID();
    const answers = await Promise.allSettled(
      Array.from({ length: DELIVERIES }, () => withdrawals.create(alice, fromWallet(2500), key)),
    );

    const made = answers.flatMap((answer) => (answer.status === 'fulfilled' ? [answer.value] : []));
    expect(made.length).toBeGreaterThan(0);
    for (const answer of answers) {
      if (answer.status === 'fulfilled') expect(answer.value).toEqual(made[0]);
      else expect(answer.reason).toMatchObject({ problem: { status: 409 } });
    }
    await expect(rowsOf(alice)).resolves.toHaveLength(1);
    await expect(reservations(made[0].id)).resolves.toBe(1);
    await expect(payoutJobs(made[0].id)).resolves.toBe(1);
    await expect(wallet(alice)).resolves.toBe(BigInt(WALLET_PENCE - 2500));
  });

  it('refuses the same key with another amount or source (422) and moves nothing more', async () => {
    const alice = await someone();
    const potId = randomUUID();
    rpc.join(potId, alice.userId, 'owner');
    await fund(potAccount(potId), 10_000);
    const key = randomUUID();
    await withdrawals.create(alice, fromWallet(2500), key);

    for (const other of [fromWallet(2600), { amountPence: 2500, source: { type: 'pot' as const, potId } }])
      await expect(problemOf(withdrawals.create(alice, other, key))).resolves.toMatchObject({
        status: 422,
        title: 'Idempotency-Key reused',
      });
    await expect(rowsOf(alice)).resolves.toHaveLength(1);
    await expect(wallet(alice)).resolves.toBe(BigInt(WALLET_PENCE - 2500));
    await expect(ledger.balance(prisma, potAccount(potId))).resolves.toBe(10_000n);
  });

  it('scopes keys to the caller: another user’s withdrawal with the same key is their own', async () => {
    const [alice, bob] = [await someone(), await someone()];
    const key = randomUUID();
    const mine = await withdrawals.create(alice, fromWallet(100), key);
    const theirs = await withdrawals.create(bob, fromWallet(200), key);
    expect(theirs.id).not.toBe(mine.id);
    await expect(wallet(alice)).resolves.toBe(BigInt(WALLET_PENCE - 100));
    await expect(wallet(bob)).resolves.toBe(BigInt(WALLET_PENCE - 200));
  });

  it('never reserves more than once per key, however repeated deliveries interleave', async () => {
    // A delivery: which of a few keys, and which amount it asks for (another amount than the key's
    // first is a 422). Deliveries in one batch run at once; batches run one after another.
    const delivery = fc.record({ key: fc.nat({ max: 3 }), pounds: fc.integer({ min: 1, max: 2 }) });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(delivery, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 4 }),
        async (batches) => {
          const alice = await someone();
          const keys = Array.from({ length: 4 }, () => randomUUID());
          const answers: { key: number; pounds: number; answer: PromiseSettledResult<Withdrawal> }[] = [];
          for (const batch of batches) {
            const settled = await Promise.allSettled(
              batch.map(({ key, pounds }) => withdrawals.create(alice, fromWallet(pounds * 100), keys[key])),
            );
            settled.forEach((answer, index) => answers.push({ ...batch[index], answer }));
          }

          const rows = await rowsOf(alice);
          const used = new Set(batches.flat().map(({ key }) => keys[key]));
          expect(rows).toHaveLength(used.size);
          for (const row of rows) await expect(reservations(row.id)).resolves.toBe(1);
          const reserved = rows.reduce((total, row) => total + row.amountPence, 0n);
          await expect(wallet(alice)).resolves.toBe(BigInt(WALLET_PENCE) - reserved);
          for (const { key, pounds, answer } of answers) {
            const row = rows.find(
              (candidate) => candidate.id === idFromIdempotencyKey('withdrawal', alice.userId, keys[key]),
            );
            expect(row).toBeDefined();
            if (answer.status === 'fulfilled') {
              expect(answer.value.id).toBe(row?.id);
              expect(answer.value.amountPence).toBe(pounds * 100);
            } else {
              const { status } = (answer.reason as ProblemError).problem;
              expect(status === 409 || (status === 422 && row?.amountPence !== BigInt(pounds * 100))).toBe(
                true,
              );
            }
          }
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);
});
