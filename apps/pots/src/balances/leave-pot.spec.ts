// Leaving a pot against the real Postgres: a member whose position is zero leaves (the pot
// is gone from their view, the feed says so); the owner cannot; a member with a position is told to settle up.

import { refreshSettlePlan } from '../core/settle-plan';
import { createPot, type PotsTestDatabase, potsTestDatabase, type TestPot } from '../testing/pot-factory';
import { problemOf } from '../testing/problem-of';
import { BalancesService, settleUpFirst } from './balances.service';

describe('settleUpFirst', () => {
  it('says what the member owes or is owed', () => {
    expect(settleUpFirst(-1250).problem).toMatchObject({
      status: 409,
      title: 'Settle up first',
      detail: 'Settle up first: you owe £12.50.',
    });
    expect(settleUpFirst(300).problem.detail).toBe('Settle up first: you are owed £3.00.');
  });
});

describe('leaving a pot (PostgreSQL)', () => {
  let db: PotsTestDatabase;
  let balances: BalancesService;

  beforeAll(() => {
    db = potsTestDatabase();
    balances = new BalancesService(db.work);
  }, 60_000);

  afterAll(() => db?.close());

  /** Ann (owner), Ben, Cat, Dan: Ben owes Cat £12.50; Ann and Dan are settled. */
  async function pot(): Promise<TestPot> {
    const created = await createPot(db.prisma, ['Ann', 'Ben', 'Cat', 'Dan']);
    await db.prisma.$transaction(async (tx) => {
      await tx.potMember.update({ where: { id: created.members[1].id }, data: { netPence: -1250 } });
      await tx.potMember.update({ where: { id: created.members[2].id }, data: { netPence: 1250 } });
      await refreshSettlePlan(tx, created.id);
    });
    return created;
  }
  const leave = (p: TestPot, who: number) => balances.leave({ caller: p.members[who].caller, potId: p.id });

  it('lets a settled member leave: they lose the pot and their active pot, the feed says so', async () => {
    const p = await pot();
    const dan = p.members[3];
    await db.prisma.activePot.create({ data: { userId: dan.caller.userId, potId: p.id } });

    await leave(p, 3);

    const row = await db.prisma.potMember.findUniqueOrThrow({ where: { id: dan.id } });
    expect(row.removedAt).not.toBeNull();
    expect(await db.prisma.activePot.findUnique({ where: { userId: dan.caller.userId } })).toBeNull();
    expect((await problemOf(balances.balances({ caller: dan.caller, potId: p.id }))).status).toBe(404);
    // Leaving twice: no longer a member, so the pot does not exist for them.
    expect((await problemOf(leave(p, 3))).status).toBe(404);
    const read = await balances.balances({ caller: p.owner.caller, potId: p.id });
    expect(read.positions.map(({ name }) => name)).toEqual(['Ann', 'Ben', 'Cat']);
    const feed = await db.prisma.activityEvent.findMany({ where: { potId: p.id } });
    expect(feed.map(({ type, summary }) => [type, summary])).toEqual([['member.left', 'Dan left the pot']]);
  });

  it('refuses the owner (archive instead) and anyone with a position (settle up first)', async () => {
    const p = await pot();
    const [owner, debtor, creditor] = await Promise.all(
      [leave(p, 0), leave(p, 1), leave(p, 2)].map(problemOf),
    );
    expect(owner).toMatchObject({
      status: 409,
      title: 'The owner cannot leave',
      detail: 'You own this pot, so you cannot leave it. Archive it instead once everyone has settled up.',
    });
    expect(debtor).toMatchObject({ status: 409, detail: 'Settle up first: you owe £12.50.' });
    expect(creditor).toMatchObject({ status: 409, detail: 'Settle up first: you are owed £12.50.' });
    expect(await db.prisma.potMember.count({ where: { potId: p.id, removedAt: null } })).toBe(4);
  });

  it('is a 404 to a stranger', async () => {
    const p = await pot();
    const other = await pot();
    expect(await problemOf(balances.leave({ caller: other.members[3].caller, potId: p.id }))).toMatchObject({
      status: 404,
      detail: 'This pot does not exist or you are not a member.',
    });
  });
});
