// Correcting and undoing a recorded payment against the real Postgres: positions and the
// plan follow a confirmed payment's change, a pending one moves nothing, Kitty payments stand, only the
// two people or the owner may, concurrent undos undo once, and the feed records each change.
import { randomUUID } from 'node:crypto';

import { BalancesService } from '../balances/balances.service';
import { refreshSettlePlan } from '../core/settle-plan';
import { FakePayments, walletAccount } from '../testing/fake-payments';
import { createPot, type PotsTestDatabase, potsTestDatabase, type TestPot } from '../testing/pot-factory';
import { problemOf } from '../testing/problem-of';
import { SettlementChangesService } from './settlement-changes.service';

describe('changing recorded payments (PostgreSQL)', () => {
  let db: PotsTestDatabase;
  let ledger: FakePayments;
  let balances: BalancesService;
  let changes: SettlementChangesService;

  // The first test also waits for the throwaway database's migrations.
  jest.setTimeout(30_000);

  beforeAll(() => {
    db = potsTestDatabase();
    ledger = new FakePayments(db.prisma);
    balances = new BalancesService(db.work);
    changes = new SettlementChangesService(db.work);
  }, 60_000);

  afterAll(() => db?.close());

  /** Ann (owner), Ben, Cat: Ben owes Ann £30. */
  async function pot(): Promise<TestPot> {
    const created = await createPot(db.prisma, ['Ann', 'Ben', 'Cat']);
    await db.prisma.$transaction(async (tx) => {
      await tx.potMember.update({ where: { id: created.members[0].id }, data: { netPence: 3_000 } });
      await tx.potMember.update({ where: { id: created.members[1].id }, data: { netPence: -3_000 } });
      await refreshSettlePlan(tx, created.id);
    });
    return created;
  }
  /** Ben records paying Ann `pence` (pending until Ann confirms), or Ann records receiving it (confirmed). */
  const record = (p: TestPot, who: 0 | 1, pence: number, payWithKitty = false) => {
    const command = {
      caller: p.members[who].caller,
      potId: p.id,
      body: { fromMemberId: p.members[1].id, toMemberId: p.members[0].id, amountPence: pence, payWithKitty },
      idempotencyKey: randomUUID(),
    };
    return payWithKitty ? ledger.paySettlement(balances, command) : balances.settle(command);
  };
  const positions = async (p: TestPot) =>
    (await balances.balances({ caller: p.owner.caller, potId: p.id })).positions.map(
      ({ netPence }) => netPence,
    );
  const plan = async (p: TestPot) =>
    (await balances.balances({ caller: p.owner.caller, potId: p.id })).plan.map(
      ({ amountPence }) => amountPence,
    );

  it('corrects a confirmed payment: positions and plan follow, the feed says from what to what', async () => {
    const p = await pot();
    const paid = await record(p, 0, 2_000);
    expect(await positions(p)).toEqual([1_000, -1_000, 0]);

    const corrected = await changes.update({
      caller: p.members[1].caller,
      potId: p.id,
      settlementId: paid.id,
      body: { amountPence: 2_500 },
    });
    expect(corrected.amountPence).toBe(2_500);
    expect(await positions(p)).toEqual([500, -500, 0]);
    expect(await plan(p)).toEqual([500]);
    const feed = await db.prisma.activityEvent.findMany({
      where: { potId: p.id, type: 'settlement.edited' },
    });
    expect(feed.map(({ summary }) => summary)).toEqual(['Ben changed "Ben paid Ann" from £20.00 to £25.00']);
  });

  it('undoes a payment once however many people click at once, and it leaves the list', async () => {
    const p = await pot();
    const paid = await record(p, 0, 3_000);
    expect(await positions(p)).toEqual([0, 0, 0]);

    await Promise.all(
      [0, 1, 0, 1].map((who) =>
        changes.undo({ caller: p.members[who].caller, potId: p.id, settlementId: paid.id }),
      ),
    );
    expect(await positions(p)).toEqual([3_000, -3_000, 0]);
    expect(await plan(p)).toEqual([3_000]);
    expect(await balances.listSettlements({ caller: p.owner.caller, potId: p.id })).toEqual([]);
    const feed = await db.prisma.activityEvent.findMany({
      where: { potId: p.id, type: 'settlement.undone' },
    });
    expect(feed).toHaveLength(1);
    expect(feed[0].summary).toMatch(/^(Ann|Ben) undid "Ben paid Ann £30\.00"$/);
    // Undone, it can no longer be changed.
    expect(
      await problemOf(
        changes.update({
          caller: p.owner.caller,
          potId: p.id,
          settlementId: paid.id,
          body: { amountPence: 1 },
        }),
      ),
    ).toMatchObject({ status: 404 });
  });

  it('changes a pending payment without moving anyone until it is confirmed', async () => {
    const p = await pot();
    const pending = await record(p, 1, 1_000);
    expect(pending.status).toBe('pending');
    await changes.update({
      caller: p.members[1].caller,
      potId: p.id,
      settlementId: pending.id,
      body: { amountPence: 1_200 },
    });
    expect(await positions(p)).toEqual([3_000, -3_000, 0]);
    await balances.decideSettlement({
      caller: p.owner.caller,
      potId: p.id,
      settlementId: pending.id,
      decision: 'confirm',
    });
    expect(await positions(p)).toEqual([1_800, -1_800, 0]);
  });

  it('undoes a pending payment, which can then no longer be confirmed', async () => {
    const p = await pot();
    const pending = await record(p, 1, 1_000);
    await changes.undo({ caller: p.members[1].caller, potId: p.id, settlementId: pending.id });
    expect(
      await problemOf(
        balances.decideSettlement({
          caller: p.owner.caller,
          potId: p.id,
          settlementId: pending.id,
          decision: 'confirm',
        }),
      ),
    ).toMatchObject({ status: 404 });
    expect(await positions(p)).toEqual([3_000, -3_000, 0]);
    expect(await balances.listSettlements({ caller: p.owner.caller, potId: p.id })).toEqual([]);
  });

  it('lets only the two people or the owner change it, and leaves a Kitty payment standing', async () => {
    const p = await pot();
    const paid = await record(p, 0, 1_000);
    const other = await createPot(db.prisma, ['Zed']);
    expect(
      await problemOf(changes.undo({ caller: p.members[2].caller, potId: p.id, settlementId: paid.id })),
    ).toMatchObject({ status: 403 });
    expect(
      await problemOf(changes.undo({ caller: other.owner.caller, potId: p.id, settlementId: paid.id })),
    ).toMatchObject({ status: 404 });

    ledger.fund(walletAccount(p.members[1].caller.userId), 5_000);
    const withKitty = await record(p, 1, 500, true);
    expect(withKitty.paidWithKitty).toBe(true);
    expect(
      await problemOf(changes.undo({ caller: p.owner.caller, potId: p.id, settlementId: withKitty.id })),
    ).toMatchObject({ status: 409, title: 'Paid with Kitty' });
    expect(await positions(p)).toEqual([1_500, -1_500, 0]);
  });
});
