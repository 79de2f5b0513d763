// Pots tells payments who belongs to each pot (pots.pot-access.changed on the outbox) in the transaction of
// every change, with a version that only grows; the migration that brought it in announces every existing
// pot once. Against the real Postgres.

import { DEFAULT_POT_RULES, PotAccessChangedJob } from '@kitty/contracts';

import { type PotsConfig } from '../config';
import { PotRulesService } from '../pots/pot-rules';
import { PrismaService } from '../prisma.service';
import { potsDatabaseBefore } from '../testing/database-before-migration';
import { type PotsTestDatabase, potsTestDatabase } from '../testing/pot-factory';
import { potServiceOn } from '../testing/services';

async function announcements(prisma: PrismaService, potId: string): Promise<PotAccessChangedJob[]> {
  const rows = await prisma.outboxMessage.findMany({
    where: { jobName: 'pots.pot-access.changed.v1', payload: { path: ['potId'], equals: potId } },
    orderBy: { createdAt: 'asc' },
  });
  for (const row of rows) expect(row.queue).toBe('payments-pot-access');
  return rows.map((row) => PotAccessChangedJob.parse(row.payload));
}

describe('pot access announcements (PostgreSQL)', () => {
  let db: PotsTestDatabase;

  beforeAll(() => {
    db = potsTestDatabase();
  }, 60_000);
  afterAll(() => db?.close());

  it('are written with each change of name, rules or state, each a whole snapshot with a higher version', async () => {
    const pots = potServiceOn(db.prisma);
    const caller = {
      userId: crypto.randomUUID(),
      name: 'Ann',
      email: 'ann@example.com',
      emailVerified: true,
    };
    const pot = await pots.create({ caller, body: { name: 'Lisbon', members: [] } } as never);
    await new PotRulesService(db.work).update({
      caller,
      potId: pot.id,
      body: { ...DEFAULT_POT_RULES, withdrawRule: 'members' },
    } as never);
    await pots.update({ caller, potId: pot.id, body: { name: 'Lisbon 2027' } } as never);
    await pots.update({ caller, potId: pot.id, body: { isActive: false } } as never);

    const told = await announcements(db.prisma, pot.id);
    expect(told.map((snapshot) => snapshot.version)).toEqual([1, 2, 3, 4]);
    expect(told[0]).toMatchObject({
      name: 'Lisbon',
      isActive: true,
      rules: DEFAULT_POT_RULES,
      members: [{ userId: caller.userId, role: 'owner', name: 'Ann', joinedAt: expect.any(String) }],
    });
    expect(told[1].rules.withdrawRule).toBe('members');
    expect(told[2].name).toBe('Lisbon 2027');
    expect(told[3]).toMatchObject({ isActive: false, name: 'Lisbon 2027' });
    const row = await db.prisma.pot.findUniqueOrThrow({ where: { id: pot.id } });
    expect(row.accessVersion).toBe(4n);
  });

  it('are made for every existing pot by the migration that brought them in (its members with an account)', async () => {
    // A database made by the schema before that migration, holding a pot with an owner, a member, a guest and
    // a member who left.
    const before = await potsDatabaseBefore('_pot_access_version');
    const { sql } = before;
    try {
      const potId = crypto.randomUUID();
      const [ann, ben, cat] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
      await sql.query(
        `INSERT INTO pots.pots (id, name, created_by, withdraw_rule, updated_at) VALUES ($1, 'Old pot', $2, 'approval', now())`,
        [potId, ann],
      );
      await sql.query(
        `INSERT INTO pots.pot_members (id, pot_id, user_id, name, email, role, joined_at, removed_at) VALUES
           (gen_random_uuid(), $1, $2, 'Ann', 'ann@example.com', 'owner', '2026-01-01T10:00:00Z', NULL),
           (gen_random_uuid(), $1, $3, 'Ben', 'ben@example.com', 'member', '2026-01-02T10:00:00.123Z', NULL),
           (gen_random_uuid(), $1, NULL, 'Gus', 'gus@example.com', 'guest', '2026-01-03T10:00:00Z', NULL),
           (gen_random_uuid(), $1, $4, 'Cat', 'cat@example.com', 'member', '2026-01-04T10:00:00Z', now())`,
        [potId, ann, ben, cat],
      );

      before.migrateToNow();

      const prisma = new PrismaService({ DATABASE_URL: before.url } as PotsConfig);
      try {
        expect(await announcements(prisma, potId)).toEqual([
          {
            potId,
            version: 1,
            name: 'Old pot',
            isActive: true,
            rules: { ...DEFAULT_POT_RULES, withdrawRule: 'approval' },
            members: [
              { userId: ann, role: 'owner', name: 'Ann', joinedAt: '2026-01-01T10:00:00.000Z' },
              { userId: ben, role: 'member', name: 'Ben', joinedAt: '2026-01-02T10:00:00.123Z' },
            ],
          },
        ]);
        expect((await prisma.pot.findUniqueOrThrow({ where: { id: potId } })).accessVersion).toBe(1n);
      } finally {
        await prisma.$disconnect();
      }
    } finally {
      await before.close();
    }
  }, 120_000);
});
