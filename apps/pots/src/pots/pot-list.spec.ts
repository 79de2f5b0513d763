// The pot list is one hand-written statement (the hot read of every page load): it must say exactly what
// the pot's own read says of each pot, against the real Postgres.
import { PotSummary } from '@kitty/contracts';

import { createPot, type PotsTestDatabase, potsTestDatabase } from '../testing/pot-factory';
import { invitationServiceOn, potServiceOn } from '../testing/services';
import type { PotService } from './pot.service';

const summaryKeys = Object.keys(PotSummary.shape) as (keyof PotSummary)[];

describe('the pot list (PostgreSQL)', () => {
  let db: PotsTestDatabase;
  let pots: PotService;

  beforeAll(() => {
    db = potsTestDatabase();
    pots = potServiceOn(db.prisma, invitationServiceOn(db.prisma));
  }, 60_000);

  afterAll(() => db?.close());

  it("lists the caller's pots, newest first, each as the pot's own read summarises it", async () => {
    const older = await createPot(db.prisma, ['Ann', 'Ben', 'Cat']);
    const newer = await createPot(db.prisma, ['Dev', 'Eve']);
    const [ann, ben, cat] = older.members;
    // Ann joins the newer pot; Ben leaves the older one; a guest without an account is added to it.
    await db.prisma.potMember.create({
      data: { potId: newer.id, userId: ann.caller.userId, name: 'Ann in Lisbon', email: ann.caller.email },
    });
    await db.prisma.potMember.update({ where: { id: ben.id }, data: { removedAt: new Date() } });
    await db.prisma.potMember.create({
      data: { potId: older.id, userId: null, name: 'Sam', email: '', role: 'guest' },
    });
    await db.prisma.pot.update({ where: { id: older.id }, data: { balancePence: 12_345n } });
    await db.prisma.potMember.update({ where: { id: ann.id }, data: { netPence: -1_250n } });
    await db.prisma.potMember.update({ where: { id: cat.id }, data: { netPence: 1_250n } });

    const listed = await pots.list({ caller: ann.caller });

    expect(listed.map((pot) => pot.id)).toEqual([newer.id, older.id]);
    for (const summary of listed) {
      const detail = await pots.get({ caller: ann.caller, potId: summary.id });
      expect(summary).toEqual(Object.fromEntries(summaryKeys.map((key) => [key, detail[key]])));
      expect(PotSummary.parse(summary)).toEqual(summary);
    }
    expect(listed[1].members.map((member) => [member.name, member.role])).toEqual([
      ['Ann', 'owner'],
      ['Cat', 'member'],
      ['Sam', 'guest'],
    ]);
    expect(listed[1].balancePence).toBe(12_345);
    // Each caller's own position in each pot: Ann owes £12.50 in the older one and nothing in the newer.
    expect(listed.map((pot) => pot.yourNetPence)).toEqual([0, -1_250]);
    expect((await pots.list({ caller: cat.caller }))[0].yourNetPence).toBe(1_250);
    // Ben left the older pot: it is no longer his to list; Cat's list has only it.
    expect(await pots.list({ caller: ben.caller })).toEqual([]);
    expect((await pots.list({ caller: cat.caller })).map((pot) => pot.id)).toEqual([older.id]);
  });

  it('keeps archived pots to their own list', async () => {
    const pot = await createPot(db.prisma, ['Fay', 'Gus']);
    const [fay] = pot.members;
    await db.prisma.pot.update({ where: { id: pot.id }, data: { isActive: false } });

    expect(await pots.list({ caller: fay.caller })).toEqual([]);
    const archived = await pots.listArchived({ caller: fay.caller });
    expect(archived.map((summary) => [summary.id, summary.isActive])).toEqual([[pot.id, false]]);
  });
});
