// Against the real Postgres: card payments decided on payments' projection of pots (the cardholder's active
// pot, their place in it, its spending rule, approvals) and held in the ledger; captures and releases.
import { randomUUID } from 'node:crypto';

import {
  CardPurchaseCaptured,
  DEFAULT_POT_RULES,
  PotBalanceChanged,
  type PotRules,
  SpendApprovalUseChanged,
} from '@kitty/contracts';
import type { OutboxRelay } from '@kitty/nest-common';

import { PlatformAccount, potAccount } from '../ledger/accounts';
import { LedgerService } from '../ledger/ledger.service';
import { PotAccessRepository } from '../pot-access/pot-access.repository';
import { PrismaService } from '../prisma.service';
import { StatementRepository } from '../statements/statement.repository';
import { StatementService } from '../statements/statement.service';
import { openPaymentsDatabase, type PaymentsDatabase } from '../testing/database';
import { FakePeerRpc } from '../testing/fakes';
import { CardAuthorizationRepository } from './card-authorization.repository';
import { CardMoneyService } from './card-money.service';
import { CardSpendingRepository } from './card-spending.repository';

describe('CardMoneyService (PostgreSQL)', () => {
  let database: PaymentsDatabase;
  let prisma: PrismaService;
  let cards: CardMoneyService;
  let projection: PotAccessRepository;
  const ledger = new LedgerService();
  const userId = randomUUID();

  beforeAll(() => {
    database = openPaymentsDatabase();
    prisma = database.prisma;
    projection = new PotAccessRepository(prisma);
    cards = new CardMoneyService(
      prisma,
      ledger,
      new CardSpendingRepository(prisma),
      new CardAuthorizationRepository(),
      { kick: () => undefined } as unknown as OutboxRelay,
    );
  }, 60_000);

  afterAll(async () => {
    await database?.close();
  });

  const balance = (accountId: string) => ledger.balance(prisma, accountId);
  /** What pots announced: `holder` spends from the pot with the card, as `role`, under `rules`. */
  const versions = new Map<string, number>();
  const nextVersion = (key: string) => {
    versions.set(key, (versions.get(key) ?? 0) + 1);
    return versions.get(key) as number;
  };
  const announcePot = (
    potId: string,
    members: { userId: string; role: 'owner' | 'member' }[],
    rules: PotRules = DEFAULT_POT_RULES,
    isActive = true,
  ) =>
    projection.apply({
      potId,
      version: nextVersion(potId),
      name: 'Lisbon',
      isActive,
      rules,
      members: members.map((member) => ({ ...member, name: 'Ann', joinedAt: new Date().toISOString() })),
    });
  const announceCardPot = (holder: string, potId: string | null) =>
    projection.applyCardPot({ userId: holder, potId, version: nextVersion(holder) });
  const grant = async (holder: string, potId: string, amountPence: number, withdrawn = false) => {
    const approvalId = randomUUID();
    await projection.applySpendApproval({
      approvalId,
      potId,
      userId: holder,
      amountPence,
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      withdrawn,
    });
    return approvalId;
  };
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
    await announcePot(potId, [{ userId, role: 'owner' }]);
    await announceCardPot(userId, potId);
    return potId;
  };
  const authorize = (holder: string, amountPence: number, authorizationId = `iauth_${randomUUID()}`) =>
    cards.authorize({ authorizationId, userId: holder, amountPence, description: 'Tesco' });
  /** The card of the owner of the pot funded last (their active pot). */
  const hold = (amountPence: number, authorizationId?: string) =>
    authorize(userId, amountPence, authorizationId);
  const approvalNews = async (approvalId: string) => {
    const rows = await prisma.outboxMessage.findMany({
      where: {
        jobName: 'payments.spend-approval.use-changed.v1',
        payload: { path: ['approvalId'], equals: approvalId },
      },
      orderBy: { createdAt: 'asc' },
    });
    for (const row of rows) expect(row.queue).toBe('pots-spend-approval-use');
    return rows.map((row) => SpendApprovalUseChanged.parse(row.payload));
  };
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
  const cancel = (authorizationId: string) =>
    cards.cancelHold({ authorizationId, reason: 'Card payment declined' });
  /** The authorisation's row, and what the ledger posted under its hold's key and that key's reversal. */
  const recordOf = async (authorizationId: string) => {
    const [row] = await prisma.$queryRawUnsafe<{ state: string; held: bigint; released: bigint }[]>(
      `SELECT state, held_pence AS held, released_pence AS released FROM card_authorizations
        WHERE authorization_id = $1`,
      authorizationId,
    );
    const posted = await prisma.$queryRawUnsafe<{ idempotency_key: string }[]>(
      `SELECT idempotency_key FROM ledger_transactions WHERE idempotency_key IN ($1, $2) ORDER BY idempotency_key`,
      `card-hold:${authorizationId}`,
      `reversal:card-hold:${authorizationId}`,
    );
    return {
      state: row?.state ?? null,
      heldPence: Number(row?.held ?? 0),
      releasedPence: Number(row?.released ?? 0),
      posted: posted.map(({ idempotency_key }) => idempotency_key.replace(`:${authorizationId}`, '')),
    };
  };
  it('holds within the balance once per authorisation, and declines beyond it', async () => {
    const potId = await fundedPot(2000);
    const first = await hold(1500, 'iauth_once');
    expect(first).toEqual({ decision: 'approved', potId, heldPence: 1500 });
    await expect(hold(1500, 'iauth_once')).resolves.toEqual(first);
    await expect(hold(501)).resolves.toMatchObject({
      decision: 'declined',
      reason: 'insufficient_funds',
      potId,
    });
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
    const verdicts = await Promise.all(Array.from({ length: 60 }, () => hold(300)));
    expect(verdicts.filter(({ decision }) => decision === 'approved')).toHaveLength(16);
    expect(
      verdicts.filter(
        (verdict) => verdict.decision === 'declined' && verdict.reason === 'insufficient_funds',
      ),
    ).toHaveLength(44);
    await expect(balance(potAccount(potId))).resolves.toBe(200n);
    await expect(balance(PlatformAccount.cardHolds)).resolves.toBe(before + 4800n);
  });

  it("declines a stranger's card, a removed member's, an archived pot's and a card with no active pot, holding nothing", async () => {
    const potId = await fundedPot(5000);
    const [stranger, removed, archivedHolder, potless] = [
      randomUUID(),
      randomUUID(),
      randomUUID(),
      randomUUID(),
    ];
    // The stranger points their card at a pot that is not theirs.
    await announceCardPot(stranger, potId);
    await announcePot(potId, [
      { userId, role: 'owner' },
      { userId: removed, role: 'member' },
    ]);
    await announceCardPot(removed, potId);
    await expect(authorize(removed, 100)).resolves.toMatchObject({ decision: 'approved' });
    await announcePot(potId, [{ userId, role: 'owner' }]);
    const archived = randomUUID();
    await announcePot(archived, [{ userId: archivedHolder, role: 'owner' }], DEFAULT_POT_RULES, false);
    await announceCardPot(archivedHolder, archived);
    await announceCardPot(potless, null);

    const verdicts = await Promise.all(
      [stranger, removed, archivedHolder, potless, randomUUID()].map((holder) => authorize(holder, 100)),
    );
    for (const verdict of verdicts)
      expect(verdict).toMatchObject({ decision: 'declined', reason: 'no_active_pot' });
    await expect(balance(potAccount(potId))).resolves.toBe(4900n);
  }, 20_000);

  it("follows the pot's spending rule: only the owner, or a second member's approval above the amount", async () => {
    const potId = await fundedPot(50_000);
    const member = randomUUID();
    const ownerOnly = { ...DEFAULT_POT_RULES, spendRule: 'owner', approvalAbovePence: 2500 } as const;
    await announcePot(
      potId,
      [
        { userId, role: 'owner' },
        { userId: member, role: 'member' },
      ],
      ownerOnly,
    );
    await announceCardPot(member, potId);
    await expect(authorize(member, 100)).resolves.toEqual({
      decision: 'declined',
      reason: 'pot_rule_owner',
      potId,
      approvalAbovePence: 2500,
    });
    await expect(authorize(userId, 100)).resolves.toMatchObject({ decision: 'approved' });

    await announcePot(
      potId,
      [
        { userId, role: 'owner' },
        { userId: member, role: 'member' },
      ],
      {
        ...ownerOnly,
        spendRule: 'approval',
      },
    );
    await expect(authorize(member, 2500)).resolves.toMatchObject({ decision: 'approved' });
    await expect(authorize(member, 2501)).resolves.toMatchObject({
      decision: 'declined',
      reason: 'pot_rule_approval',
    });
    // Withdrawn, or too small: no use.
    await grant(member, potId, 9000, true);
    await grant(member, potId, 2600);
    await expect(authorize(member, 3000)).resolves.toMatchObject({
      decision: 'declined',
      reason: 'pot_rule_approval',
    });
    await expect(balance(potAccount(potId))).resolves.toBe(50_000n - 100n - 2500n);
  }, 20_000);

  it('uses an approval once however many payments race for it, and the same one on a redelivery', async () => {
    const potId = await fundedPot(50_000);
    const member = randomUUID();
    const rules = { ...DEFAULT_POT_RULES, spendRule: 'approval', approvalAbovePence: 2500 } as const;
    await announcePot(
      potId,
      [
        { userId, role: 'owner' },
        { userId: member, role: 'member' },
      ],
      rules,
    );
    await announceCardPot(member, potId);
    const approvalId = await grant(member, potId, 9000);
    // Granted twice (a redelivery) is still one approval.
    await projection.applySpendApproval({
      approvalId,
      potId,
      userId: member,
      amountPence: 9000,
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      withdrawn: false,
    });

    const racing = Array.from({ length: 8 }, () => `iauth_${randomUUID()}`);
    const verdicts = await Promise.all(racing.map((id) => authorize(member, 8000, id)));
    const winners = racing.filter((_, index) => verdicts[index].decision === 'approved');
    expect(winners).toHaveLength(1);
    await expect(authorize(member, 8000, winners[0])).resolves.toMatchObject({ decision: 'approved' });
    await expect(balance(potAccount(potId))).resolves.toBe(42_000n);
    const [told] = await approvalNews(approvalId);
    expect(await approvalNews(approvalId)).toEqual([
      { approvalId, potId, usedBy: winners[0], usedAt: told.usedAt, version: 1 },
    ]);
    const held = await prisma.$queryRawUnsafe<{ metadata: { approvalId: string } }[]>(
      `SELECT metadata FROM ledger_transactions WHERE idempotency_key = $1`,
      `card-hold:${winners[0]}`,
    );
    expect(held[0].metadata.approvalId).toBe(approvalId);
  }, 20_000);

  it('leaves the approval unused when the pot cannot pay, and frees it when the payment is cancelled', async () => {
    const potId = await fundedPot(10_000);
    const member = randomUUID();
    const rules = { ...DEFAULT_POT_RULES, spendRule: 'approval', approvalAbovePence: 2500 } as const;
    await announcePot(
      potId,
      [
        { userId, role: 'owner' },
        { userId: member, role: 'member' },
      ],
      rules,
    );
    await announceCardPot(member, potId);
    const approvalId = await grant(member, potId, 12_000);

    await expect(authorize(member, 11_000)).resolves.toMatchObject({
      decision: 'declined',
      reason: 'insufficient_funds',
    });
    expect(await approvalNews(approvalId)).toEqual([]);

    const dinner = `iauth_${randomUUID()}`;
    await expect(authorize(member, 8000, dinner)).resolves.toMatchObject({ decision: 'approved' });
    await expect(authorize(member, 3000)).resolves.toMatchObject({
      decision: 'declined',
      reason: 'pot_rule_approval',
    });
    await cards.cancelHold({ authorizationId: dinner, reason: 'Card payment declined' });
    await expect(balance(potAccount(potId))).resolves.toBe(10_000n);
    expect((await approvalNews(approvalId)).map(({ usedBy, version }) => [usedBy, version])).toEqual([
      [dinner, 1],
      [null, 2],
    ]);
    await expect(authorize(member, 3000)).resolves.toMatchObject({ decision: 'approved' });
  }, 20_000);

  it('approves a card check (nothing to hold) on a pot the card may spend from', async () => {
    const potId = await fundedPot(100);
    await expect(hold(0)).resolves.toEqual({ decision: 'approved', potId, heldPence: 0 });
  });

  it('captures from the hold, and above it from the pot', async () => {
    const potId = await fundedPot(3000);
    await hold(1000);
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
    await hold(1000);
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

  it("shows one card purchase's hold, capture and release under its authorisation, counted on its row", async () => {
    const potId = await fundedPot(5000);
    const peers = new FakePeerRpc();
    peers.join(potId, userId, 'owner', 'Lisbon', 'Ann');
    const statements = new StatementService(new StatementRepository(prisma), peers.asPeers());
    // Café Nero: £10 held, £6 captured from the hold, the £4 left over given back.
    const stripeId = (prefix: string) => `${prefix}_${randomUUID().replace(/-/g, '')}`;
    const coffee = stripeId('iauth');
    const coffeePaid = stripeId('ipi');
    await hold(1000, coffee);
    await cards.capture({
      transactionId: coffeePaid,
      authorizationId: coffee,
      potId,
      userId,
      amountPence: 600,
      fromHoldPence: 600,
      description: 'Café Nero',
    });
    const leftover = {
      idempotencyKey: `card-release:${coffeePaid}`,
      authorizationId: coffee,
      potId,
      userId,
      amountPence: 400,
      description: 'Café Nero',
    };
    await cards.releaseHold(leftover);
    await expect(cards.releaseHold(leftover)).resolves.toMatchObject({ replayed: true });
    // Pret: £5 held, £7 captured (the hold, then £2 from the pot); a repeat counts nothing twice.
    const lunch = stripeId('iauth');
    await hold(500, lunch);
    const capture = {
      transactionId: stripeId('ipi'),
      authorizationId: lunch,
      potId,
      userId,
      amountPence: 700,
      fromHoldPence: 500,
      description: 'Pret',
    };
    await cards.capture(capture);
    await expect(cards.capture(capture)).resolves.toMatchObject({ replayed: true });
    // A capture from the release before (here of a card check, nothing held) names no authorisation: it
    // stands alone.
    const before = {
      ...capture,
      transactionId: stripeId('ipi'),
      authorizationId: undefined,
      fromHoldPence: 0,
    };
    await cards.capture(before);

    const statement = await statements.statement({
      caller: { userId, email: 'ann@example.com', name: 'Ann' },
      source: { type: 'pot', potId },
      month: new Date().toISOString().slice(0, 7),
    });
    expect(
      statement.entries.map((entry) => [entry.kind, entry.amountPence, entry.cardAuthorizationId]),
    ).toEqual([
      ['top_up', 5000, null],
      ['card_hold', -1000, coffee],
      ['card_release', 400, coffee],
      ['card_hold', -500, lunch],
      ['card_capture', -200, lunch],
      ['card_capture', -700, null],
    ]);
    // The released £4 is not money in: each purchase counts by what it cost.
    expect(statement).toMatchObject({ moneyInPence: 5000, moneyOutPence: 2000, closingBalancePence: 3000 });

    const captured = await prisma.$queryRawUnsafe<{ authorization_id: string; captured: bigint }[]>(
      `SELECT authorization_id, captured_pence AS captured FROM card_authorizations
        WHERE authorization_id IN ($1, $2) ORDER BY held_pence DESC`,
      coffee,
      lunch,
    );
    expect(captured).toEqual([
      { authorization_id: coffee, captured: 600n },
      { authorization_id: lunch, captured: 700n },
    ]);
    // Every card movement above, the capture wholly from the hold included, sums to zero.
    const unbalanced = await prisma.$queryRawUnsafe<{ key: string }[]>(
      `SELECT t.idempotency_key AS key FROM ledger_transactions t JOIN ledger_postings p ON p.transaction_id = t.id
        WHERE t.idempotency_key = ANY($1::text[])
        GROUP BY t.idempotency_key HAVING SUM(p.amount_pence) <> 0 OR COUNT(*) < 2`,
      [
        `card-hold:${coffee}`,
        `card-capture:${coffeePaid}`,
        `card-release:${coffeePaid}`,
        `card-hold:${lunch}`,
        `card-capture:${capture.transactionId}`,
        `card-capture:${before.transactionId}`,
      ],
    );
    expect(unbalanced).toEqual([]);
  });

  it('cancelling gives the whole hold back once, however often it is asked', async () => {
    const potId = await fundedPot(1000);
    const authorizationId = `iauth_${randomUUID()}`;
    await hold(700, authorizationId);
    await expect(recordOf(authorizationId)).resolves.toEqual({
      state: 'held',
      heldPence: 700,
      releasedPence: 0,
      posted: ['card-hold'],
    });
    const first = await cancel(authorizationId);
    await expect(cancel(authorizationId)).resolves.toEqual({
      transactionId: first?.transactionId,
      replayed: true,
    });
    await expect(balance(potAccount(potId))).resolves.toBe(1000n);
    expect((await potEvents(potId)).map((e) => [e.kind, e.amountPence])).toEqual([
      ['top_up', 1000],
      ['card_hold', -700],
      ['card_release', 700],
    ]);
    await expect(recordOf(authorizationId)).resolves.toEqual({
      state: 'released',
      heldPence: 700,
      releasedPence: 700,
      posted: ['card-hold', 'reversal:card-hold'],
    });
    // A redelivered decision finds it released: nothing is held again.
    await expect(hold(700, authorizationId)).resolves.toMatchObject({
      decision: 'declined',
      reason: 'hold_cancelled',
    });
    await expect(balance(potAccount(potId))).resolves.toBe(1000n);
  });

  it('a cancellation that comes before the hold declines the hold, and the ledger never hears of either', async () => {
    const potId = await fundedPot(1000);
    const authorizationId = `iauth_${randomUUID()}`;
    await expect(cancel(authorizationId)).resolves.toBeNull();
    await expect(cancel(authorizationId)).resolves.toBeNull();
    await expect(hold(100, authorizationId)).resolves.toEqual({
      decision: 'declined',
      reason: 'hold_cancelled',
      potId,
      approvalAbovePence: null,
    });
    await expect(recordOf(authorizationId)).resolves.toEqual({
      state: 'released',
      heldPence: 0,
      releasedPence: 0,
      posted: [],
    });
    await expect(balance(potAccount(potId))).resolves.toBe(1000n);
    expect((await potEvents(potId)).map((e) => e.kind)).toEqual(['top_up']);
  });

  it('a cancellation before a hold that needs an approval leaves the approval unused', async () => {
    const potId = await fundedPot(10_000);
    const member = randomUUID();
    const rules = { ...DEFAULT_POT_RULES, spendRule: 'approval', approvalAbovePence: 2500 } as const;
    await announcePot(
      potId,
      [
        { userId, role: 'owner' },
        { userId: member, role: 'member' },
      ],
      rules,
    );
    await announceCardPot(member, potId);
    const approvalId = await grant(member, potId, 5000);
    const authorizationId = `iauth_${randomUUID()}`;
    await cancel(authorizationId);
    await expect(authorize(member, 4000, authorizationId)).resolves.toMatchObject({
      decision: 'declined',
      reason: 'hold_cancelled',
    });
    expect(await approvalNews(approvalId)).toEqual([]);
    await expect(authorize(member, 4000)).resolves.toMatchObject({ decision: 'approved' });
    await expect(balance(potAccount(potId))).resolves.toBe(6000n);
  }, 20_000);

  it('a hold and its cancellation at once, many times over: each ends held-and-given-back or never held', async () => {
    const potId = await fundedPot(100_000);
    const ids = Array.from({ length: 60 }, () => `iauth_${randomUUID()}`);
    const together = 6;
    // How long holds take here, `together` at once: each pair sets off its hold and its cancellation up to
    // that far apart, either first, so some cancellations come before the hold, some while it runs, some after.
    const holdsTogether = async () => {
      const started = Date.now();
      await Promise.all(Array.from({ length: together }, () => hold(1)));
      return Date.now() - started;
    };
    await holdsTogether(); // the pool's connections are made
    const holdMs = await holdsTogether();
    const verdicts: Awaited<ReturnType<typeof hold>>[] = [];
    for (let first = 0; first < ids.length; first += together)
      for (const [verdict] of await Promise.all(
        ids.slice(first, first + together).map((authorizationId) => {
          const apart = (Math.random() * 2 - 1) * holdMs;
          const after = <T>(ms: number, work: () => Promise<T>) =>
            new Promise((resolve) => setTimeout(resolve, Math.max(ms, 0))).then(work);
          return Promise.all([
            after(-apart, () => hold(300, authorizationId)),
            after(apart, () => cancel(authorizationId)),
          ]);
        }),
      ))
        verdicts.push(verdict);
    expect(new Set(verdicts.map((verdict) => verdict.decision))).toEqual(new Set(['approved', 'declined']));
    const records = await Promise.all(ids.map(recordOf));
    for (const [index, verdict] of verdicts.entries()) {
      if (verdict.decision === 'approved')
        expect(records[index]).toEqual({
          state: 'released',
          heldPence: 300,
          releasedPence: 300,
          posted: ['card-hold', 'reversal:card-hold'],
        });
      else {
        expect(verdict).toMatchObject({ decision: 'declined', reason: 'hold_cancelled' });
        expect(records[index]).toEqual({ state: 'released', heldPence: 0, releasedPence: 0, posted: [] });
      }
    }
    await expect(balance(potAccount(potId))).resolves.toBe(100_000n - 2n * BigInt(together));
    // Zero-sum per authorisation in SQL: what its hold put on card:holds its reversal took off again.
    const unbalanced = await prisma.$queryRawUnsafe<{ authorization_id: string }[]>(
      `SELECT c.authorization_id FROM card_authorizations c
         LEFT JOIN ledger_transactions t
           ON t.idempotency_key IN ('card-hold:' || c.authorization_id, 'reversal:card-hold:' || c.authorization_id)
         LEFT JOIN ledger_postings p ON p.transaction_id = t.id
        WHERE c.authorization_id = ANY($1::text[])
        GROUP BY c.authorization_id, c.held_pence
       HAVING COALESCE(SUM(p.amount_pence) FILTER (WHERE p.account_id LIKE 'card:holds%'), 0) <> 0
           OR COALESCE(SUM(p.amount_pence) FILTER (WHERE p.account_id LIKE 'pot:%' AND p.amount_pence < 0), 0)
              <> -c.held_pence`,
      ids,
    );
    expect(unbalanced).toEqual([]);
  }, 120_000);

  it('leaves the ledger whole after every card movement above: zero-sum, balances from postings, no pot below zero', async () => {
    const broken = await prisma.$queryRawUnsafe<{ problem: string }[]>(
      `SELECT 'unbalanced ' || t.id AS problem FROM ledger_transactions t JOIN ledger_postings p ON p.transaction_id = t.id
        GROUP BY t.id HAVING SUM(p.amount_pence) <> 0 OR COUNT(*) < 2
       UNION ALL
       SELECT 'balance of ' || a.id FROM ledger_accounts a LEFT JOIN ledger_postings p ON p.account_id = a.id
        GROUP BY a.id HAVING a.balance_pence <> COALESCE(SUM(p.amount_pence), 0)
       UNION ALL
       SELECT 'negative ' || a.id FROM ledger_accounts a
        WHERE NOT a.allow_negative AND (a.balance_pence < 0
              OR EXISTS (SELECT 1 FROM ledger_postings p WHERE p.account_id = a.id AND p.balance_after < 0))`,
    );
    expect(broken).toEqual([]);
  });
});
