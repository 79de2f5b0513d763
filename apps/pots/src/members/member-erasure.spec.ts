// A deleted account leaving its pots, against the real Postgres: its name goes from the members and the
// feed, a settled membership ends, and a pot it owned passes to the longest-standing member.
import { createPot, type PotsTestDatabase, potsTestDatabase } from '../testing/pot-factory';
import { MemberErasure, withoutName } from './member-erasure';

describe('withoutName', () => {
  it('replaces the name where it stands as a word of its own, capitalised to begin the text', () => {
    expect(withoutName('Dan Dixon paid Cat £20', 'Dan Dixon')).toBe('A former member paid Cat £20');
    expect(withoutName('Cat reminded Dan Dixon to pay Cat £5', 'Dan Dixon')).toBe(
      'Cat reminded a former member to pay Cat £5',
    );
    expect(withoutName('Dana paid Dan', 'Dan')).toBe('Dana paid a former member');
    expect(withoutName('Paid (a.k.a. "x")', 'a.k.a.')).toBe('Paid (a former member "x")');
  });
});

describe('erasing a deleted member (PostgreSQL)', () => {
  let db: PotsTestDatabase;
  let erasure: MemberErasure;

  beforeAll(() => {
    db = potsTestDatabase();
    erasure = new MemberErasure(db.work);
  }, 60_000);

  afterAll(() => db?.close());

  it('ends the settled membership, passes the pot to its longest-standing member and unnames the feed', async () => {
    const pot = await createPot(db.prisma, ['Dan Dixon', 'Cat', 'Eve']);
    const [dan, , eve] = pot.members;
    // Eve joined before Cat: she has been in the pot longest after Dan.
    await db.prisma.potMember.update({
      where: { id: eve.id },
      data: { joinedAt: new Date(Date.now() - 60_000) },
    });
    await db.prisma.activityEvent.create({
      data: {
        potId: pot.id,
        actorUserId: dan.caller.userId,
        actorName: 'Dan Dixon',
        type: 'settlement.recorded',
        summary: 'Dan Dixon paid Cat £20.00',
      },
    });
    await db.prisma.activePot.create({ data: { userId: dan.caller.userId, potId: pot.id } });

    const event = { userId: dan.caller.userId, deletedAt: new Date().toISOString() };
    await erasure.erase(event);
    await erasure.erase(event);

    const members = await db.prisma.potMember.findMany({
      where: { potId: pot.id },
      orderBy: { name: 'asc' },
    });
    expect(
      members.map(({ name, email, role, removedAt }) => [name, email, role, removedAt !== null]),
    ).toEqual([
      ['A former member', '', 'member', true],
      ['Cat', 'cat@example.com', 'member', false],
      ['Eve', 'eve@example.com', 'owner', false],
    ]);
    const { createdBy } = await db.prisma.pot.findUniqueOrThrow({ where: { id: pot.id } });
    expect(createdBy).toBe(eve.caller.userId);
    const feed = await db.prisma.activityEvent.findMany({
      where: { potId: pot.id },
      orderBy: { seq: 'asc' },
    });
    expect(feed.map(({ actorName, summary }) => [actorName, summary])).toEqual([
      ['A former member', 'A former member paid Cat £20.00'],
      ['Eve', 'Eve now owns the pot'],
      ['A former member', 'A former member left the pot'],
    ]);
    expect(await db.prisma.activePot.count({ where: { userId: dan.caller.userId } })).toBe(0);
  }, 30_000);

  it('keeps a membership whose position moved during the deletion, without name or address', async () => {
    const pot = await createPot(db.prisma, ['Ann', 'Dan Dixon']);
    const [ann, dan] = pot.members;
    await db.prisma.potMember.update({ where: { id: dan.id }, data: { netPence: -500 } });
    await db.prisma.potMember.update({ where: { id: ann.id }, data: { netPence: 500 } });

    await erasure.erase({ userId: dan.caller.userId, deletedAt: new Date().toISOString() });

    const row = await db.prisma.potMember.findUniqueOrThrow({ where: { id: dan.id } });
    expect([row.name, row.email, row.removedAt]).toEqual(['A former member', '', null]);
  }, 30_000);
});
