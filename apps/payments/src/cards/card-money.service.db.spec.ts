// Against the real Postgres: card holds, captures and releases through the ledger.
import { randomUUID } from 'node:crypto';

import { CardPurchaseCaptured, PotBalanceChanged } from '@kitty/contracts';
import { OutboxRelay, ProblemError } from '@kitty/nest-common';

import { PlatformAccount, potAccount } from '../ledger/accounts';
import { LedgerService } from '../ledger/ledger.service';
import { PrismaService } from '../prisma.service';
import { openPaymentsDatabase, type PaymentsDatabase } from '../testing/database';
import { CardMoneyService } from './card-money.service';

describe('CardMoneyService (PostgreSQL)', () => {
  let database: PaymentsDatabase;
  let prisma: PrismaService;
  let cards: CardMoneyService;
  const ledger = new LedgerService();
  const userId = randomUUID();

  beforeAll(() => {
    database = openPaymentsDatabase();
    prisma = database.prisma;
    cards = new CardMoneyService(prisma, ledger, { kick: () => undefined } as unknown as OutboxRelay);
  }, 60_000);

  afterAll(async () => {
    await database?.close();
  });

  const balance = (accountId: string) => ledger.balance(prisma, accountId);
  const fundedPot = async (pence: number) => {
    const potId = randomUUID();
    await prisma.$transaction((tx) =>
      ledger.post(tx, {
        idempotencyKey: `topup:${randomUUID()}`,
        kind: 'top_up',
        description: 'Top-up',
        userId,
        postings: [
          { accountId: PlatformAccount.stripeClearing, amountPence: -BigInt(pence) },
          { accountId: potAccount(potId), amountPence: BigInt(pence) },
        ],
      }),
    );
    return potId;
  };
  const hold = (potId: string, amountPence: number, authorizationId = `iauth_${randomUUID()}`) =>
    cards.placeHold({ authorizationId, potId, userId, amountPence, description: 'Tesco' });
  const potEvents = async (potId: string) => {
    const rows = await prisma.$queryRawUnsafe<{ payload: unknown }[]>(
      `SELECT payload FROM outbox WHERE payload->>'potId' = $1 AND job_name = $2 ORDER BY created_at, id`,
      potId,
      'payments.pot-balance.changed.v1',
    );
    return rows.map((row) => PotBalanceChanged.parse(row.payload));
  };
  const purchases = async (potId: string) => {
    const rows = await prisma.$queryRawUnsafe<{ payload: unknown }[]>(
      `SELECT payload FROM outbox WHERE payload->>'potId' = $1 AND job_name = $2 ORDER BY created_at, id`,
      potId,
      'payments.card-purchase.captured.v1',
    );
    return rows.map((row) => CardPurchaseCaptured.parse(row.payload));
  };
  const problemStatus = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: unknown) => (error instanceof ProblemError ? error.problem.status : error),
    );

  it('holds within the balance once per authorisation, and refuses beyond it', async () => {
    const potId = await fundedPot(2000);
    const first = await hold(potId, 1500, 'iauth_once');
    await expect(hold(potId, 1500, 'iauth_once')).resolves.toEqual({ ...first, replayed: true });
    await expect(problemStatus(hold(potId, 501))).resolves.toBe(400);
    await expect(balance(potAccount(potId))).resolves.toBe(500n);
    const events = await potEvents(potId);
    expect(events.at(-1)).toMatchObject({
      kind: 'card_hold',
      amountPence: -1500,
      description: 'Tesco',
      userId,
    });
  });

  it('never holds more than the pot has, whatever the concurrency', async () => {
    const potId = await fundedPot(5000);
    const before = await balance(PlatformAccount.cardHolds);
    const outcomes = await Promise.all(Array.from({ length: 60 }, () => problemStatus(hold(potId, 300))));
    const approved = outcomes.filter((outcome) => outcome === null).length;
    expect(approved).toBe(16);
    expect(outcomes.filter((outcome) => outcome !== null).every((outcome) => outcome === 400)).toBe(true);
    await expect(balance(potAccount(potId))).resolves.toBe(200n);
    await expect(balance(PlatformAccount.cardHolds)).resolves.toBe(before + 4800n);
  });

  it('captures from the hold, and above it from the pot', async () => {
    const potId = await fundedPot(3000);
    await hold(potId, 1000);
    const spendBefore = await balance(PlatformAccount.cardSpend);
    const capture = {
      transactionId: 'ipi_over',
      potId,
      userId,
      amountPence: 1200,
      fromHoldPence: 1000,
      description: 'Tesco',
    };
    await cards.capture(capture);
    await expect(cards.capture(capture)).resolves.toMatchObject({ replayed: true });
    await expect(balance(potAccount(potId))).resolves.toBe(1800n);
    await expect(balance(PlatformAccount.cardSpend)).resolves.toBe(spendBefore + 1200n);
    expect((await potEvents(potId)).at(-1)).toMatchObject({ kind: 'card_capture', amountPence: -200 });
    // The purchase is announced once, with its whole amount.
    await expect(purchases(potId)).resolves.toEqual([
      expect.objectContaining({ potId, userId, amountPence: 1200, merchant: 'Tesco' }),
    ]);
  });

  it('a capture of exactly the hold leaves the pot alone; a release gives back what is left', async () => {
    const potId = await fundedPot(3000);
    await hold(potId, 1000);
    await cards.capture({
      transactionId: `ipi_${randomUUID()}`,
      potId,
      userId,
      amountPence: 600,
      fromHoldPence: 600,
      description: 'Tesco',
    });
    await expect(balance(potAccount(potId))).resolves.toBe(2000n);
    // Paid wholly from the hold, the pot's balance event has nothing to say: the purchase is still announced.
    await expect(purchases(potId)).resolves.toEqual([
      expect.objectContaining({ potId, userId, amountPence: 600, merchant: 'Tesco' }),
    ]);
    const release = {
      idempotencyKey: `card-release:${randomUUID()}`,
      potId,
      userId,
      amountPence: 400,
      description: 'Tesco',
    };
    await cards.releaseHold(release);
    await cards.releaseHold(release);
    await expect(balance(potAccount(potId))).resolves.toBe(2400n);
    expect((await potEvents(potId)).at(-1)).toMatchObject({ kind: 'card_release', amountPence: 400 });
  });

  it('cancelling gives the whole hold back, and stops a hold not yet placed from ever landing', async () => {
    const potId = await fundedPot(1000);
    await hold(potId, 700, 'iauth_cancel');
    await cards.cancelHold({ authorizationId: 'iauth_cancel', reason: 'Card payment declined' });
    await cards.cancelHold({ authorizationId: 'iauth_cancel', reason: 'Card payment declined' });
    await expect(balance(potAccount(potId))).resolves.toBe(1000n);
    expect((await potEvents(potId)).at(-1)).toMatchObject({ kind: 'card_release', amountPence: 700 });

    await expect(cards.cancelHold({ authorizationId: 'iauth_late', reason: 'declined' })).resolves.toBeNull();
    await expect(problemStatus(hold(potId, 100, 'iauth_late'))).resolves.toBe(409);
    await expect(balance(potAccount(potId))).resolves.toBe(1000n);
  });
});
