// Money a member puts into the pot is theirs (docs/adr/0019-pot-money-belongs-to-its-members.md), against the
// real Postgres: the ledger's events move the positions of whoever put money in or took it out, a pot-paid
// expense moves its sharers', the positions add up to the pot's balance, and both plans settle everyone.
import { randomUUID } from 'node:crypto';

import { type CreateExpenseRequest, DEFAULT_POT_RULES, type PotBalanceChanged } from '@kitty/contracts';
import type { LivePublisher } from '@kitty/nest-common';
import { RecordedLive } from '@kitty/testing';

import { ExpenseService } from '../expenses/expense.service';
import { PotBalanceProjection } from '../ledger/pot-balance-projection';
import { PotRulesService } from '../pots/pot-rules';
import { FakePayments, idleRelay } from '../testing/fake-payments';
import { createPot, type PotsTestDatabase, potsTestDatabase, type TestPot } from '../testing/pot-factory';
import { BalancesService } from './balances.service';

describe("a pot's money belongs to its members (PostgreSQL)", () => {
  let db: PotsTestDatabase;
  let ledger: FakePayments;
  let expenses: ExpenseService;
  let balances: BalancesService;
  let projection: PotBalanceProjection;
  let rules: PotRulesService;

  beforeAll(() => {
    db = potsTestDatabase();
    ledger = new FakePayments(db.prisma);
    expenses = new ExpenseService(db.work, idleRelay);
    balances = new BalancesService(db.work);
    projection = new PotBalanceProjection(db.work, new RecordedLive().asPublisher<LivePublisher>());
    rules = new PotRulesService(db.work);
  }, 60_000);

  afterAll(() => db?.close());

  let sequence = 0;
  let balance = 0;
  /** The ledger's event for a move of the pot's money by one of its members (or by nobody: null). */
  const moved = (
    pot: TestPot,
    kind: PotBalanceChanged['kind'],
    amountPence: number,
    member: number | null,
  ) => {
    balance += amountPence;
    sequence += 1;
    return projection.apply({
      potId: pot.id,
      balancePence: balance,
      sequence,
      transactionId: randomUUID(),
      kind,
      amountPence,
      userId: member === null ? null : pot.members[member].caller.userId,
      description: kind,
      occurredAt: new Date().toISOString(),
    });
  };
  const ferry = (pot: TestPot): CreateExpenseRequest => ({
    description: 'Ferry',
    amountPence: 2700,
    paidFrom: 'pot',
    category: 'transport',
    split: { mode: 'equal', members: pot.members.map((member) => ({ memberId: member.id })) },
  });
  const read = (pot: TestPot) => balances.balances({ caller: pot.owner.caller, potId: pot.id });
  const netOf = async (pot: TestPot) => (await read(pot)).positions.map((position) => position.netPence);

  beforeEach(() => {
    sequence = 0;
    balance = 0;
  });

  it("Ann's £30 pays for the £27 ferry: Ben and Cat each owe her £9, and the pot's £3 is hers", async () => {
    const pot = await createPot(db.prisma, ['Ann', 'Ben', 'Cat']);
    const [ann, ben, cat] = pot.members;
    ledger.fund(`pot:${pot.id}`, 3000);
    await moved(pot, 'top_up', 3000, 0);
    await ledger.payExpense(expenses, {
      idempotencyKey: randomUUID(),
      caller: ann.caller,
      potId: pot.id,
      body: ferry(pot),
    });
    await moved(pot, 'expense', -2700, 0);

    const shown = await read(pot);
    expect(shown.positions).toEqual([
      { memberId: ann.id, name: 'Ann', netPence: 2100, putInPence: 3000 },
      { memberId: ben.id, name: 'Ben', netPence: -900, putInPence: 0 },
      { memberId: cat.id, name: 'Cat', netPence: -900, putInPence: 0 },
    ]);
    const stored = await db.prisma.pot.findUniqueOrThrow({ where: { id: pot.id } });
    expect(shown.positions.reduce((sum, { netPence }) => sum + netPence, 0)).toBe(
      Number(stored.balancePence),
    );
    expect(shown.plan).toEqual(
      expect.arrayContaining([
        { fromMemberId: ben.id, toMemberId: ann.id, amountPence: 900 },
        { fromMemberId: cat.id, toMemberId: ann.id, amountPence: 900 },
      ]),
    );
    expect(shown.plan).toHaveLength(2);
    expect(shown.potPlan).toEqual([{ memberId: ann.id, direction: 'from_pot', amountPence: 300 }]);

    // Not simplified: Ben and Cat each owe the pot £9 of what it paid for them; it owes Ann £21.
    await rules.update({
      caller: ann.caller,
      potId: pot.id,
      body: { ...DEFAULT_POT_RULES, simplifyDebts: false },
    });
    const direct = await read(pot);
    expect(direct.plan).toEqual([]);
    expect(direct.potPlan).toHaveLength(3);
    expect(direct.potPlan).toEqual(
      expect.arrayContaining([
        { memberId: ann.id, direction: 'from_pot', amountPence: 2100 },
        { memberId: ben.id, direction: 'into_pot', amountPence: 900 },
        { memberId: cat.id, direction: 'into_pot', amountPence: 900 },
      ]),
    );
  });

  it('counts withdrawals, card payments and their return against the member who made them', async () => {
    const pot = await createPot(db.prisma, ['Ann', 'Ben']);
    await moved(pot, 'top_up', 5000, 0);
    await moved(pot, 'top_up', 2000, 1);
    await moved(pot, 'card_hold', -1200, 1);
    await moved(pot, 'card_release', 200, 1);
    await moved(pot, 'withdrawal', -1000, 0);
    await moved(pot, 'withdrawal_released', 1000, 0);
    await moved(pot, 'withdrawal', -500, 0);
    expect(await netOf(pot)).toEqual([4500, 1000]);
    expect(balance).toBe(5500);
    // Nobody's move (a card payment the ledger names nobody for) is nobody's money.
    await moved(pot, 'card_capture', -300, null);
    expect(await netOf(pot)).toEqual([4500, 1000]);
  });

  it("leaves the plan to the next read when a member's own money moves, and that read works it out", async () => {
    const pot = await createPot(db.prisma, ['Ann', 'Ben']);
    const [ann, ben] = pot.members;
    const stale = async () =>
      (await db.prisma.pot.findUniqueOrThrow({ where: { id: pot.id } })).settlePlanStale;
    await moved(pot, 'top_up', 5000, 0);
    expect((await read(pot)).potPlan).toEqual([{ memberId: ann.id, direction: 'from_pot', amountPence: 5000 }]);
    expect(await stale()).toBe(false);

    await moved(pot, 'card_hold', -1200, 1);
    expect(await stale()).toBe(true);
    // Two reads at once: one works the plan out, the other finds it done.
    const [first, second] = await Promise.all([read(pot), read(pot)]);
    expect(first.plan).toEqual([{ fromMemberId: ben.id, toMemberId: ann.id, amountPence: 1200 }]);
    expect(first.potPlan).toEqual([{ memberId: ann.id, direction: 'from_pot', amountPence: 3800 }]);
    expect([second.plan, second.potPlan]).toEqual([first.plan, first.potPlan]);
    expect(await stale()).toBe(false);

    // A move by nobody moves no position, so the plan stands.
    await moved(pot, 'card_capture', -300, null);
    expect(await stale()).toBe(false);
  });

  it('applies each ledger transaction to the position once, however often its event comes', async () => {
    const pot = await createPot(db.prisma, ['Ann']);
    const event: PotBalanceChanged = {
      potId: pot.id,
      balancePence: 700,
      sequence: 1,
      transactionId: randomUUID(),
      kind: 'top_up',
      amountPence: 700,
      userId: pot.owner.caller.userId,
      description: 'Top-up',
      occurredAt: new Date().toISOString(),
    };
    await projection.apply(event);
    await projection.apply(event);
    expect(await netOf(pot)).toEqual([700]);
    expect((await read(pot)).potPlan).toEqual([
      { memberId: pot.owner.id, direction: 'from_pot', amountPence: 700 },
    ]);
  });
});
