// Against the real Postgres: statements read the ledger's postings, so they are checked on the real thing.
import { randomUUID } from 'node:crypto';

import type { PaymentsCaller } from '@kitty/contracts';
import fc from 'fast-check';

import { PlatformAccount, potAccount, walletAccount } from '../ledger/accounts';
import { type LedgerEntry, LedgerService } from '../ledger/ledger.service';
import type { PrismaService } from '../prisma.service';
import { openPaymentsDatabase, type PaymentsDatabase } from '../testing/database';
import { FakePeerRpc } from '../testing/fakes';
import { StatementRepository } from './statement.repository';
import { StatementService } from './statement.service';

describe('StatementService (PostgreSQL)', () => {
  let database: PaymentsDatabase;
  let prisma: PrismaService;
  let statements: StatementService;
  const rpc = new FakePeerRpc();
  const ledger = new LedgerService();

  beforeAll(() => {
    database = openPaymentsDatabase();
    prisma = database.prisma;
    statements = new StatementService(new StatementRepository(prisma), rpc.asPeers());
  }, 60_000);

  afterAll(async () => {
    await database?.close();
  });

  const someone = (): PaymentsCaller => ({ userId: randomUUID(), email: 'ada@example.com', name: 'Ada' });
  const post = (entry: LedgerEntry) => prisma.$transaction((tx) => ledger.post(tx, entry));
  const topUp = (accountId: string, pence: number, feePence: number, userId: string | null = null) =>
    post({
      idempotencyKey: `topup:${randomUUID()}`,
      kind: 'top_up',
      description: 'Funds added by card',
      userId,
      postings: [
        { accountId: PlatformAccount.stripeClearing, amountPence: -BigInt(pence + feePence) },
        { accountId, amountPence: BigInt(pence) },
        ...(feePence > 0 ? [{ accountId: PlatformAccount.fees, amountPence: BigInt(feePence) }] : []),
      ],
      metadata: { feePence: String(feePence) },
    });
  const spend = (accountId: string, pence: number) =>
    post({
      idempotencyKey: `expense:${randomUUID()}`,
      kind: 'expense',
      description: 'Dinner',
      userId: null,
      postings: [
        { accountId, amountPence: -BigInt(pence) },
        { accountId: PlatformAccount.externalExpenses, amountPence: BigInt(pence) },
      ],
    });
  /**
   * Moves an account's postings to `at`, as if made then. The ledger refuses updates (append-only
   * triggers); only this test switches them off, for its own transaction.
   */
  const backdate = (accountId: string, fromSequence: number, at: string) =>
    prisma.$transaction(async (tx) => {
      await tx.$executeRawUnsafe(`SET LOCAL session_replication_role = replica`);
      await tx.$executeRawUnsafe(
        `UPDATE ledger_postings SET created_at = $3::timestamptz
          WHERE account_id = $1 AND account_sequence >= $2`,
        accountId,
        fromSequence,
        at,
      );
    });

  it('cuts a wallet into UK months that chain: opening + movements = closing, fees shown apart', async () => {
    const ada = someone();
    const wallet = walletAccount(ada.userId);
    await topUp(wallet, 5000, 100); // sequence 1
    await spend(wallet, 1200); // 2
    await backdate(wallet, 1, '2026-09-30T22:59:59Z'); // 23:59:59 on 30 Sep in London (BST)
    await topUp(wallet, 2500, 150); // 3
    await backdate(wallet, 3, '2026-09-30T23:00:00Z'); // midnight, 1 Oct in London
    await spend(wallet, 700); // 4
    await backdate(wallet, 4, '2026-10-31T23:59:00Z'); // 23:59 on 31 Oct in London (GMT)

    const month = (m: string) => statements.statement({ caller: ada, source: { type: 'wallet' }, month: m });
    const september = await month('2026-09');
    const october = await month('2026-10');
    const november = await month('2026-11');

    expect(september).toMatchObject({
      account: { type: 'wallet', name: 'Your Kitty wallet' },
      from: '2026-08-31T23:00:00.000Z',
      to: '2026-09-30T23:00:00.000Z',
      openingBalancePence: 0,
      closingBalancePence: 3800,
      moneyInPence: 5000,
      moneyOutPence: 1200,
      feesPence: 100,
    });
    expect(september.entries.map((e) => [e.kind, e.amountPence, e.feePence, e.balanceAfterPence])).toEqual([
      ['top_up', 5000, 100, 5000],
      ['expense', -1200, 0, 3800],
    ]);
    expect(october).toMatchObject({
      to: '2026-11-01T00:00:00.000Z',
      openingBalancePence: 3800,
      closingBalancePence: 5600,
      feesPence: 150,
    });
    expect(october.entries.map((e) => e.amountPence)).toEqual([2500, -700]);
    expect(november).toMatchObject({ openingBalancePence: 5600, closingBalancePence: 5600, entries: [] });
  });

  it('shows a pot only to its members, under the pot’s name, naming who moved each amount', async () => {
    const member = someone();
    const owner = someone();
    const former = someone();
    const stranger = someone();
    const potId = randomUUID();
    rpc.join(potId, member.userId, 'member', 'Rent', 'Ben Hart');
    rpc.join(potId, owner.userId, 'owner', 'Rent', 'Olive Owner');
    await topUp(potAccount(potId), 90000, 1800, owner.userId);
    await topUp(potAccount(potId), 1000, 0, former.userId);
    await spend(potAccount(potId), 500);
    const now = new Date().toISOString().slice(0, 7);

    const statement = await statements.statement({
      caller: member,
      source: { type: 'pot', potId },
      month: now,
    });
    expect(statement).toMatchObject({ account: { type: 'pot', name: 'Rent' }, closingBalancePence: 90500 });
    expect(statement.entries.map((entry) => [entry.amountPence, entry.memberName])).toEqual([
      [90000, 'Olive Owner'],
      [1000, 'A former member'],
      [-500, null],
    ]);
    const wallet = await statements.statement({ caller: owner, source: { type: 'wallet' }, month: now });
    expect(wallet.entries.every((entry) => entry.memberName === null)).toBe(true);
    await expect(
      statements.statement({ caller: stranger, source: { type: 'pot', potId }, month: now }),
    ).rejects.toMatchObject({ problem: { status: 404 } });
  });

  it('counts a card hold given back as neither money in nor out, and ties each hold to its release', async () => {
    const ada = someone();
    const potId = randomUUID();
    rpc.join(potId, ada.userId, 'owner', 'Flat', 'Ada');
    const pot = potAccount(potId);
    const card = (key: string, kind: LedgerEntry['kind'], pence: number, description: string) =>
      post({
        idempotencyKey: key,
        kind,
        description,
        userId: ada.userId,
        postings: [
          { accountId: pot, amountPence: BigInt(pence) },
          { accountId: PlatformAccount.cardHolds, amountPence: -BigInt(pence) },
        ],
      });
    await topUp(pot, 7000, 0, ada.userId);
    // A hold of £8 that expired unused, given back whole; a £4.50 purchase captured from its hold.
    await card('card-hold:iauth_expired1', 'card_hold', -800, 'Café Nero');
    await card('card-hold:iauth_coffee22', 'card_hold', -450, 'Pret');
    await card('card-release:iauth_expired1', 'card_release', 800, 'Café Nero');

    const statement = await statements.statement({
      caller: ada,
      source: { type: 'pot', potId },
      month: new Date().toISOString().slice(0, 7),
    });
    expect(statement).toMatchObject({ moneyInPence: 7000, moneyOutPence: 450, closingBalancePence: 6550 });
    expect(
      statement.entries.map((entry) => [entry.kind, entry.amountPence, entry.cardAuthorizationId]),
    ).toEqual([
      ['top_up', 7000, null],
      ['card_hold', -800, 'iauth_expired1'],
      ['card_hold', -450, 'iauth_coffee22'],
      ['card_release', 800, 'iauth_expired1'],
    ]);
  });

  it('always balances: opening + every movement = closing, and months chain, whatever was posted', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.tuple(fc.integer({ min: 1, max: 50_000 }), fc.boolean(), fc.integer({ min: 0, max: 2 })),
          {
            minLength: 1,
            maxLength: 12,
          },
        ),
        async (moves) => {
          const ada = someone();
          const wallet = walletAccount(ada.userId);
          let sequence = 0;
          let balance = 0;
          for (const [pence, credit, monthIndex] of moves) {
            if (credit || balance < pence) {
              await topUp(wallet, pence, 0);
              balance += pence;
            } else {
              await spend(wallet, pence);
              balance -= pence;
            }
            sequence += 1;
            // Even out of order (a late commit): the cut by sequence still chains the months.
            await backdate(wallet, sequence, `2026-0${4 + monthIndex}-15T12:00:00Z`);
          }
          let opening = 0;
          for (const m of ['2026-04', '2026-05', '2026-06', '2026-07']) {
            const statement = await statements.statement({
              caller: ada,
              source: { type: 'wallet' },
              month: m,
            });
            expect(statement.openingBalancePence).toBe(opening);
            const moved = statement.entries.reduce((total, entry) => total + entry.amountPence, 0);
            expect(statement.closingBalancePence).toBe(opening + moved);
            opening = statement.closingBalancePence;
          }
          expect(opening).toBe(balance);
        },
      ),
      { numRuns: 15 },
    );
  }, 60_000);
});
