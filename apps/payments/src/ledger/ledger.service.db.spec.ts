// Against the real Postgres: a database of its own, migrated with the project's migration tool.
import { randomUUID } from 'node:crypto';

import { PotBalanceChanged, PotBalanceQueue } from '@kitty/contracts';
import fc from 'fast-check';

import { PrismaService } from '../prisma.service';
import { openPaymentsDatabase, type PaymentsDatabase } from '../testing/database';
import { PlatformAccount, platformShard, potAccount, walletAccount } from './accounts';
import {
  IdempotencyConflictError,
  InsufficientFundsError,
  type LedgerEntry,
  LedgerService,
  type PostingClaim,
  ReversedKeyError,
} from './ledger.service';

describe('LedgerService (PostgreSQL)', () => {
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
  const balance = (accountId: string) => ledger.balance(prisma, accountId);

  const topUp = (accountId: string, pence: number, key = randomUUID()) =>
    post({
      idempotencyKey: `topup:${key}`,
      kind: 'top_up',
      description: 'Top-up',
      userId: null,
      postings: [
        { accountId: PlatformAccount.stripeClearing, amountPence: -BigInt(pence) },
        { accountId, amountPence: BigInt(pence) },
      ],
    });

  const spend = (potId: string, pence: number, key = randomUUID()) =>
    post({
      idempotencyKey: `expense:${key}`,
      kind: 'expense',
      description: 'Dinner',
      userId: null,
      postings: [
        { accountId: potAccount(potId), amountPence: -BigInt(pence) },
        { accountId: PlatformAccount.externalExpenses, amountPence: BigInt(pence) },
      ],
    });

  /**
   * Posts as a client retrying with the same idempotency key would: a posting that found no connection in
   * time (a busy machine) is sent again until the ledger either makes it or refuses it for want of funds.
   */
  const untilAnswered = async <T>(post: () => Promise<T>): Promise<T> => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await post();
      } catch (error) {
        if (error instanceof InsufficientFundsError || attempt === 5) throw error;
      }
    }
  };

  /** How many postings succeeded and how many the ledger refused for want of funds (anything else fails). */
  const outcomes = (results: PromiseSettledResult<unknown>[]) => ({
    succeeded: results.filter((r) => r.status === 'fulfilled').length,
    refused: results.filter((r) => r.status === 'rejected' && r.reason instanceof InsufficientFundsError)
      .length,
  });

  it('credits once per idempotency key, and refuses the key for a different request', async () => {
    const wallet = walletAccount(randomUUID());
    const key = randomUUID();
    const first = await topUp(wallet, 2500, key);
    const again = await topUp(wallet, 2500, key);
    expect(again).toEqual({ transactionId: first.transactionId, replayed: true });
    await expect(topUp(wallet, 2600, key)).rejects.toBeInstanceOf(IdempotencyConflictError);
    await expect(balance(wallet)).resolves.toBe(2500n);
  });

  it('spreads platform legs over their rows by key; the account’s balance is their sum; repeats replay', async () => {
    const before = await balance(PlatformAccount.stripeClearing);
    const wallets = Array.from({ length: 40 }, () => walletAccount(randomUUID()));
    const keys = wallets.map(() => randomUUID());
    await Promise.all(wallets.map((wallet, i) => topUp(wallet, 100, keys[i])));
    await expect(topUp(wallets[0], 100, keys[0])).resolves.toMatchObject({ replayed: true });

    const rows = await prisma.$queryRawUnsafe<{ account_id: string }[]>(
      `SELECT DISTINCT p.account_id FROM ledger_postings p JOIN ledger_transactions t ON t.id = p.transaction_id
        WHERE t.idempotency_key = ANY($1::text[]) AND p.account_id LIKE 'stripe:clearing%'`,
      keys.map((key) => `topup:${key}`),
    );
    expect(rows.length).toBeGreaterThan(4);
    for (const { account_id } of rows) expect(account_id).toMatch(/^stripe:clearing\/\d{2}$/);
    expect(await balance(PlatformAccount.stripeClearing)).toBe(before - 4_000n);
  });

  it('never lets a pot go below zero, and leaves nothing behind when it refuses', async () => {
    const potId = randomUUID();
    await topUp(potAccount(potId), 1000);
    const key = randomUUID();
    await expect(spend(potId, 1001, key)).rejects.toBeInstanceOf(InsufficientFundsError);
    await expect(balance(potAccount(potId))).resolves.toBe(1000n);
    const rows = await prisma.ledgerTransaction.count({ where: { idempotencyKey: `expense:${key}` } });
    expect(rows).toBe(0);
  });

  it('200 concurrent £1 spends from a £100 pot: exactly 100 succeed and the balance is 0', async () => {
    const potId = randomUUID();
    await topUp(potAccount(potId), 10_000);
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, () => {
        const key = randomUUID();
        return untilAnswered(() => spend(potId, 100, key));
      }),
    );
    expect(outcomes(results)).toEqual({ succeeded: 100, refused: 100 });
    await expect(balance(potAccount(potId))).resolves.toBe(0n);
  }, 120_000);

  it('the same key posted 50 times concurrently moves money once', async () => {
    const wallet = walletAccount(randomUUID());
    const key = randomUUID();
    const results = await Promise.all(Array.from({ length: 50 }, () => topUp(wallet, 777, key)));
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(new Set(results.map((r) => r.transactionId)).size).toBe(1);
    await expect(balance(wallet)).resolves.toBe(777n);
  }, 60_000);

  it('reverses a transaction once; reversing an unknown key is a no-op', async () => {
    const potId = randomUUID();
    await topUp(potAccount(potId), 5000);
    const key = randomUUID();
    await spend(potId, 1200, key);
    const reversal = await prisma.$transaction((tx) =>
      ledger.reverse(tx, `expense:${key}`, 'Deleted', 'expense_reversal'),
    );
    const again = await prisma.$transaction((tx) =>
      ledger.reverse(tx, `expense:${key}`, 'Deleted', 'expense_reversal'),
    );
    expect(again).toEqual({ transactionId: reversal?.transactionId, replayed: true });
    await expect(balance(potAccount(potId))).resolves.toBe(5000n);
    await expect(
      prisma.$transaction((tx) => ledger.reverse(tx, 'expense:never', 'x', 'expense_reversal')),
    ).resolves.toBeNull();
  });

  it('reversing a key never posted leaves nothing behind: a later post of it is an ordinary post', async () => {
    const potId = randomUUID();
    await topUp(potAccount(potId), 5000);
    const key = randomUUID();
    await expect(
      prisma.$transaction((tx) =>
        ledger.reverse(tx, `expense:${key}`, 'Nothing to undo', 'expense_reversal'),
      ),
    ).resolves.toBeNull();
    await expect(spend(potId, 1200, key)).resolves.toMatchObject({ replayed: false });
    await expect(balance(potAccount(potId))).resolves.toBe(3800n);
  });

  it('a key posted and then reversed is spent: repeating the post is refused, not replayed as if it stood', async () => {
    const potId = randomUUID();
    await topUp(potAccount(potId), 5000);
    const key = randomUUID();
    await spend(potId, 1200, key);
    await prisma.$transaction((tx) =>
      ledger.reverse(tx, `expense:${key}`, 'Not recorded', 'expense_reversal'),
    );

    await expect(spend(potId, 1200, key)).rejects.toBeInstanceOf(ReversedKeyError);
    await expect(balance(potAccount(potId))).resolves.toBe(5000n);
  });

  it('reversals of one key at once post one reversal, and give the money back once', async () => {
    const potId = randomUUID();
    await topUp(potAccount(potId), 5000);
    const keys = Array.from({ length: 20 }, () => randomUUID());
    await Promise.all(keys.map((key) => spend(potId, 100, key)));
    const reversals = await Promise.all(
      keys.flatMap((key) =>
        Array.from({ length: 3 }, () =>
          prisma.$transaction((tx) => ledger.reverse(tx, `expense:${key}`, 'Deleted', 'expense_reversal')),
        ),
      ),
    );
    expect(reversals.filter((reversal) => reversal && !reversal.replayed)).toHaveLength(keys.length);
    expect(new Set(reversals.map((reversal) => reversal?.transactionId)).size).toBe(keys.length);
    await expect(balance(potAccount(potId))).resolves.toBe(5000n);
  }, 60_000);

  it('announces every pot balance change through the outbox, with a growing sequence', async () => {
    const potId = randomUUID();
    await topUp(potAccount(potId), 3000);
    await spend(potId, 500);
    const rows = await prisma.outboxMessage.findMany({
      where: { queue: PotBalanceQueue.name, payload: { path: ['potId'], equals: potId } },
      orderBy: { createdAt: 'asc' },
    });
    const events = rows.map((row) => PotBalanceChanged.parse(row.payload));
    expect(events.map((e) => [e.kind, e.amountPence, e.balancePence, e.sequence])).toEqual([
      ['top_up', 3000, 3000, 1],
      ['expense', -500, 2500, 2],
    ]);
  });

  it('the database itself refuses to update or delete ledger rows, or to commit an unbalanced one', async () => {
    const wallet = walletAccount(randomUUID());
    const { transactionId } = await topUp(wallet, 100);
    await expect(
      prisma.$executeRawUnsafe(
        `UPDATE ledger_postings SET amount_pence = 1 WHERE transaction_id = $1::uuid`,
        transactionId,
      ),
    ).rejects.toThrow(/append-only/);
    await expect(
      prisma.$executeRawUnsafe(`DELETE FROM ledger_transactions WHERE id = $1::uuid`, transactionId),
    ).rejects.toThrow(/append-only/);
    await expect(
      prisma.$transaction(async (tx) => {
        const id = randomUUID();
        await tx.$executeRawUnsafe(
          `INSERT INTO ledger_transactions (id, idempotency_key, request_hash, kind, description)
           VALUES ($1::uuid, $1, 'x', 'transfer', 'forged')`,
          id,
        );
        await tx.$executeRawUnsafe(
          `INSERT INTO ledger_postings (transaction_id, account_id, amount_pence, balance_after, account_sequence)
           VALUES ($1::uuid, $2, 5, 0, 1000000)`,
          id,
          wallet,
        );
      }),
    ).rejects.toThrow(/unbalanced/);
  });

  describe('postAlone: a posting as one autocommitted statement', () => {
    const hold = (potId: string, pence: number, key = randomUUID()) =>
      ledger.postAlone(prisma.directRows, {
        idempotencyKey: `card-hold:${key}`,
        kind: 'card_hold',
        description: 'Coffee',
        userId: null,
        postings: [
          { accountId: potAccount(potId), amountPence: -BigInt(pence) },
          { accountId: PlatformAccount.cardHolds, amountPence: BigInt(pence) },
        ],
      });
    const eventsOf = async (potId: string) =>
      (
        await prisma.outboxMessage.findMany({
          where: { queue: PotBalanceQueue.name, payload: { path: ['potId'], equals: potId } },
          orderBy: { createdAt: 'asc' },
        })
      ).map((row) => PotBalanceChanged.parse(row.payload));

    it('posts once, announces the pot’s new balance like post does, replays the key and refuses its reuse', async () => {
      const potId = randomUUID();
      await topUp(potAccount(potId), 3000);
      const key = randomUUID();
      const first = await hold(potId, 450, key);
      expect(first.replayed).toBe(false);
      await expect(hold(potId, 450, key)).resolves.toEqual({
        transactionId: first.transactionId,
        replayed: true,
      });
      await expect(hold(potId, 451, key)).rejects.toBeInstanceOf(IdempotencyConflictError);

      await expect(balance(potAccount(potId))).resolves.toBe(2550n);
      const events = await eventsOf(potId);
      expect(events.map((e) => [e.kind, e.amountPence, e.balancePence, e.sequence])).toEqual([
        ['top_up', 3000, 3000, 1],
        ['card_hold', -450, 2550, 2],
      ]);
      expect(events[1]).toMatchObject({ transactionId: first.transactionId, potId, description: 'Coffee' });
    });

    it('refuses what the pot cannot cover and leaves nothing behind: no transaction, no event, no balance change', async () => {
      const potId = randomUUID();
      await topUp(potAccount(potId), 1000);
      const key = randomUUID();
      const refusal = hold(potId, 1001, key);
      await expect(refusal).rejects.toBeInstanceOf(InsufficientFundsError);
      await expect(refusal).rejects.toMatchObject({ accountId: potAccount(potId) });
      await expect(balance(potAccount(potId))).resolves.toBe(1000n);
      await expect(
        prisma.ledgerTransaction.count({ where: { idempotencyKey: `card-hold:${key}` } }),
      ).resolves.toBe(0);
      expect(await eventsOf(potId)).toHaveLength(1);
    });

    it('refuses what the pot clearly cannot cover without queueing on the card:holds row; a hold it covers waits', async () => {
      const potId = randomUUID();
      await topUp(potAccount(potId), 1000);
      const [shortKey, coveredKey] = [randomUUID(), randomUUID()];
      // The card:holds row each posts to (ledger_post updates it before the pot: account-id order).
      const shards = [shortKey, coveredKey].map((key) =>
        platformShard(PlatformAccount.cardHolds, `card-hold:${key}`),
      );
      for (const shard of shards)
        await prisma.$executeRawUnsafe(
          `INSERT INTO ledger_accounts (id, kind, owner_id, allow_negative) VALUES ($1, 'platform', NULL, true)
           ON CONFLICT (id) DO NOTHING`,
          shard,
        );
      let releaseLocks = () => {};
      const released = new Promise<void>((resolve) => (releaseLocks = resolve));
      let locked = () => {};
      const locksTaken = new Promise<void>((resolve) => (locked = resolve));
      // Other holds, still running, hold those rows' locks.
      const holder = prisma.$transaction(async (tx) => {
        await tx.$queryRawUnsafe(
          `SELECT 1 FROM ledger_accounts WHERE id = ANY($1::text[]) FOR UPDATE`,
          shards,
        );
        locked();
        await released;
      });
      await locksTaken;
      try {
        await expect(hold(potId, 1001, shortKey)).rejects.toBeInstanceOf(InsufficientFundsError);
        let covered = false;
        const coveredHold = hold(potId, 999, coveredKey).then(() => (covered = true));
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(covered).toBe(false);
        releaseLocks();
        await coveredHold;
        await expect(balance(potAccount(potId))).resolves.toBe(1n);
      } finally {
        releaseLocks();
        await holder;
      }
    });

    it('200 concurrent £1 holds on a £100 pot: exactly 100 succeed and the balance is 0', async () => {
      const potId = randomUUID();
      await topUp(potAccount(potId), 10_000);
      const results = await Promise.allSettled(
        Array.from({ length: 200 }, () => {
          const key = randomUUID();
          return untilAnswered(() => hold(potId, 100, key));
        }),
      );
      expect(outcomes(results)).toEqual({ succeeded: 100, refused: 100 });
      await expect(balance(potAccount(potId))).resolves.toBe(0n);
      // Commits land in any order; together the events name every balance the pot went through.
      const events = (await eventsOf(potId)).sort((a, b) => a.sequence - b.sequence);
      expect(events.map((e) => [e.sequence, e.balancePence])).toEqual(
        Array.from({ length: 101 }, (_, i) => [i + 1, 10_000 - i * 100]),
      );
    }, 120_000);

    describe('standing on a claim written by the same statement', () => {
      /** A claim on a row of its own (any keyed table will do): a new row answers; one already there, when `go`. */
      const claimIf = (go: boolean, key: string): PostingClaim => ({
        sql: (first) =>
          `INSERT INTO stripe_events (id, type) VALUES ($${first}, 'claim')
           ON CONFLICT (id) DO UPDATE SET type = EXCLUDED.type WHERE $${first + 1}::boolean
           RETURNING id`,
        args: [`claim:${key}`, go],
      });
      const holdIf = (go: boolean, potId: string, pence: number, key = randomUUID()) =>
        ledger.postAloneIfClaimed(prisma.directRows, claimIf(go, key), {
          idempotencyKey: `card-hold:${key}`,
          kind: 'card_hold',
          description: 'Coffee',
          userId: null,
          postings: [
            { accountId: potAccount(potId), amountPence: -BigInt(pence) },
            { accountId: PlatformAccount.cardHolds, amountPence: BigInt(pence) },
          ],
        });
      const claimed = (key: string) => prisma.stripeEvent.count({ where: { id: `claim:${key}` } });

      it('posts when the claim answers a row, and replays with it', async () => {
        const potId = randomUUID();
        await topUp(potAccount(potId), 3000);
        const key = randomUUID();
        const first = await holdIf(true, potId, 450, key);
        expect(first).toMatchObject({ replayed: false });
        await expect(holdIf(true, potId, 450, key)).resolves.toEqual({
          transactionId: first?.transactionId,
          replayed: true,
        });
        await expect(balance(potAccount(potId))).resolves.toBe(2550n);
        expect((await eventsOf(potId)).map((e) => e.kind)).toEqual(['top_up', 'card_hold']);
      });

      it('posts nothing and answers null when the claim answers no row', async () => {
        const potId = randomUUID();
        await topUp(potAccount(potId), 3000);
        const key = randomUUID();
        // The row is there already and the claim's condition refuses it: no row answered.
        await prisma.stripeEvent.create({ data: { id: `claim:${key}`, type: 'released' } });
        await expect(holdIf(false, potId, 450, key)).resolves.toBeNull();
        await expect(
          prisma.ledgerTransaction.count({ where: { idempotencyKey: `card-hold:${key}` } }),
        ).resolves.toBe(0);
        await expect(balance(potAccount(potId))).resolves.toBe(3000n);
        expect((await eventsOf(potId)).map((e) => e.kind)).toEqual(['top_up']);
      });

      it('a refused posting undoes the claim too', async () => {
        const potId = randomUUID();
        await topUp(potAccount(potId), 1000);
        const key = randomUUID();
        await expect(holdIf(true, potId, 1001, key)).rejects.toBeInstanceOf(InsufficientFundsError);
        await expect(claimed(key)).resolves.toBe(0);
      });
    });
  });

  describe('invariants after random sequences of operations (property)', () => {
    type Op =
      | { op: 'topUp'; to: number; pence: number }
      | { op: 'spend'; pot: number; pence: number }
      | { op: 'transfer'; from: number; to: number; pence: number }
      | { op: 'withdraw'; from: number; pence: number; fails: boolean }
      | { op: 'replay'; index: number };

    const pence = fc.integer({ min: 1, max: 50_000 });
    const opArb: fc.Arbitrary<Op> = fc.oneof(
      fc.record({ op: fc.constant('topUp' as const), to: fc.nat(5), pence }),
      fc.record({ op: fc.constant('spend' as const), pot: fc.nat(2), pence }),
      fc.record({ op: fc.constant('transfer' as const), from: fc.nat(5), to: fc.nat(5), pence }),
      fc.record({ op: fc.constant('withdraw' as const), from: fc.nat(5), pence, fails: fc.boolean() }),
      fc.record({ op: fc.constant('replay' as const), index: fc.nat(40) }),
    );

    it('every transaction sums to zero, every balance is the sum of its postings, no protected account is negative', async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 40 }), async (ops) => {
          const run = randomUUID();
          // Accounts 0..2 are pots, 3..5 wallets (of this run only).
          const ids = Array.from({ length: 6 }, () => randomUUID());
          const account = (i: number) => (i < 3 ? potAccount(ids[i]) : walletAccount(ids[i]));
          const model = new Map<string, bigint>();
          const applied: LedgerEntry[] = [];
          const reversed = new Set<string>();
          const apply = async (entry: LedgerEntry) => {
            try {
              const result = await post(entry);
              if (!result.replayed) {
                for (const p of entry.postings)
                  model.set(p.accountId, (model.get(p.accountId) ?? 0n) + p.amountPence);
                applied.push(entry);
              }
            } catch (error) {
              // A reversed key is spent: its repeat is refused and moves nothing.
              if (error instanceof ReversedKeyError && reversed.has(entry.idempotencyKey)) return;
              if (!(error instanceof InsufficientFundsError)) throw error;
            }
          };
          for (const [step, op] of ops.entries()) {
            const key = `${run}:${step}`;
            const amount = BigInt(op.op === 'replay' ? 0 : op.pence);
            if (op.op === 'topUp')
              await apply({
                idempotencyKey: key,
                kind: 'top_up',
                description: 'top-up',
                userId: null,
                postings: [
                  { accountId: PlatformAccount.stripeClearing, amountPence: -amount - 10n },
                  { accountId: account(op.to), amountPence: amount },
                  { accountId: PlatformAccount.fees, amountPence: 10n },
                ],
              });
            if (op.op === 'spend')
              await apply({
                idempotencyKey: key,
                kind: 'expense',
                description: 'spend',
                userId: null,
                postings: [
                  { accountId: account(op.pot), amountPence: -amount },
                  { accountId: PlatformAccount.externalExpenses, amountPence: amount },
                ],
              });
            if (op.op === 'transfer' && op.from !== op.to)
              await apply({
                idempotencyKey: key,
                kind: 'transfer',
                description: 'transfer',
                userId: null,
                postings: [
                  { accountId: account(op.from), amountPence: -amount },
                  { accountId: account(op.to), amountPence: amount },
                ],
              });
            if (op.op === 'withdraw') {
              const reserved = {
                idempotencyKey: key,
                kind: 'withdrawal' as const,
                description: 'withdrawal',
                userId: null,
                postings: [
                  { accountId: account(op.from), amountPence: -amount },
                  { accountId: PlatformAccount.payoutsInTransit, amountPence: amount },
                ],
              };
              await apply(reserved);
              if (op.fails && applied.includes(reserved)) {
                const released = await prisma.$transaction((tx) =>
                  ledger.reverse(tx, key, 'payout failed', 'withdrawal_released'),
                );
                reversed.add(key);
                if (released && !released.replayed)
                  for (const p of reserved.postings)
                    model.set(p.accountId, (model.get(p.accountId) ?? 0n) - p.amountPence);
              }
            }
            if (op.op === 'replay' && applied.length > 0) await apply(applied[op.index % applied.length]);
          }

          for (const i of ids.keys()) {
            const id = account(i);
            const stored = await balance(id);
            expect(stored).toBe(model.get(id) ?? 0n);
            expect(stored >= 0n).toBe(true);
          }
          const unbalanced = await prisma.$queryRawUnsafe<unknown[]>(
            `SELECT transaction_id FROM ledger_postings GROUP BY transaction_id
              HAVING SUM(amount_pence) <> 0 OR COUNT(*) < 2`,
          );
          expect(unbalanced).toEqual([]);
          const drift = await prisma.$queryRawUnsafe<unknown[]>(
            `SELECT a.id FROM ledger_accounts a
               LEFT JOIN ledger_postings p ON p.account_id = a.id
              GROUP BY a.id, a.balance_pence, a.sequence
             HAVING a.balance_pence <> COALESCE(SUM(p.amount_pence), 0) OR a.sequence <> COUNT(p.id)`,
          );
          expect(drift).toEqual([]);
        }),
        { numRuns: 40 },
      );
    }, 120_000);
  });
});
