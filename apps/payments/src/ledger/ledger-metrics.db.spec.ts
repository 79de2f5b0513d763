// Against the real Postgres: ledger_postings_total counts each transaction written, not replays or refusals.
import { randomUUID } from 'node:crypto';

import { ledgerPostings } from '@kitty/nest-common';

import { PrismaService } from '../prisma.service';
import { openPaymentsDatabase, type PaymentsDatabase } from '../testing/database';
import { PlatformAccount, walletAccount } from './accounts';
import { type LedgerEntry, LedgerService } from './ledger.service';

describe('ledger postings metric (PostgreSQL)', () => {
  let database: PaymentsDatabase;
  let prisma: PrismaService;
  const ledger = new LedgerService();

  beforeAll(() => {
    database = openPaymentsDatabase();
    prisma = database.prisma;
  }, 60_000);

  afterAll(async () => {
    await database?.close();
  });

  const post = (entry: LedgerEntry) => prisma.$transaction((tx) => ledger.post(tx, entry));
  const counted = async (kind: string) =>
    (await ledgerPostings.get()).values.find((value) => value.labels.kind === kind)?.value ?? 0;

  it('counts a posted transaction once by kind, and neither a replay nor a refused one', async () => {
    const wallet = walletAccount(randomUUID());
    const topUp: LedgerEntry = {
      idempotencyKey: `topup:${randomUUID()}`,
      kind: 'top_up',
      description: 'Top-up',
      userId: null,
      postings: [
        { accountId: PlatformAccount.stripeClearing, amountPence: -500n },
        { accountId: wallet, amountPence: 500n },
      ],
    };
    const before = await counted('top_up');

    await post(topUp);
    await post(topUp);
    await expect(
      post({
        ...topUp,
        idempotencyKey: `topup:${randomUUID()}`,
        kind: 'transfer',
        postings: [
          { accountId: wallet, amountPence: -10_000n },
          { accountId: PlatformAccount.stripeClearing, amountPence: 10_000n },
        ],
      }),
    ).rejects.toThrow();

    expect(await counted('top_up')).toBe(before + 1);
    expect(await counted('transfer')).toBe(0);
  });
});
