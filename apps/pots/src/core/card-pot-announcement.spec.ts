// Pots tells payments which pot each user's card spends from (pots.card-pot.changed on the outbox) in the
// transaction of every change to their active pot, with a version that only grows for that user; the
// migration that brought it in announces every active pot and every approval still usable once. Against the
// real Postgres.

import { CardPotChangedJob, SpendApprovalChangedJob } from '@kitty/contracts';

import { endMembership } from '../balances/balances.service';
import { type PotsConfig } from '../config';
import { MemberErasure } from '../members/member-erasure';
import { PrismaService } from '../prisma.service';
import { potsDatabaseBefore } from '../testing/database-before-migration';
import { createPot, type PotsTestDatabase, potsTestDatabase } from '../testing/pot-factory';
import { potServiceOn } from '../testing/services';
import { announceCardPot } from './card-pot-announcement';

async function cardPots(prisma: PrismaService, userId: string): Promise<CardPotChangedJob[]> {
  const rows = await prisma.outboxMessage.findMany({
    where: { jobName: 'pots.card-pot.changed.v1', payload: { path: ['userId'], equals: userId } },
    orderBy: { createdAt: 'asc' },
  });
  for (const row of rows) expect(row.queue).toBe('payments-pot-access');
  return rows.map((row) => CardPotChangedJob.parse(row.payload));
}

describe('card pot announcements (PostgreSQL)', () => {
  let db: PotsTestDatabase;

  beforeAll(() => {
    db = potsTestDatabase();
  }, 60_000);
  afterAll(() => db?.close());

  it('follow a pot created, another made active, leaving it, archiving and deleting the account', async () => {
    const pots = potServiceOn(db.prisma);
    const caller = {
      userId: crypto.randomUUID(),
      name: 'Ann',
      email: 'ann@example.com',
      emailVerified: true,
    };
    const lisbon = await pots.create({ caller, body: { name: 'Lisbon', members: [] } } as never);
    const porto = await createPot(db.prisma, ['Ben', 'Ann']);
    const ann = porto.members[1];
    await pots.setActive({
      caller: { ...caller, userId: ann.caller.userId },
      body: { potId: porto.id },
    } as never);
    await pots.setActive({ caller, body: { potId: lisbon.id } } as never);
    // Ann of Porto (another account) leaves it: her card has nothing to spend from.
    const member = await db.prisma.potMember.findUniqueOrThrow({ where: { id: ann.id } });
    await db.prisma.$transaction((tx) => endMembership(tx, member));
    // Leaving a pot that is not the active one changes nothing to tell.
    const other = await createPot(db.prisma, ['Cat', 'Ann']);
    await db.prisma.$transaction(async (tx) =>
      endMembership(tx, await tx.potMember.findUniqueOrThrow({ where: { id: other.members[1].id } })),
    );
    await pots.update({ caller, potId: lisbon.id, body: { isActive: false } } as never);

    expect(await cardPots(db.prisma, caller.userId)).toEqual([
      { userId: caller.userId, potId: lisbon.id, version: 1 },
      { userId: caller.userId, potId: lisbon.id, version: 2 },
      { userId: caller.userId, potId: null, version: 3 },
    ]);
    expect(await cardPots(db.prisma, ann.caller.userId)).toEqual([
      { userId: ann.caller.userId, potId: porto.id, version: 1 },
      { userId: ann.caller.userId, potId: null, version: 2 },
    ]);

    const dan = (await createPot(db.prisma, ['Dan'])).owner;
    await db.prisma.activePot.create({
      data: { userId: dan.caller.userId, potId: (await createPot(db.prisma, ['Dan'])).id },
    });
    await new MemberErasure(db.work).erase({ userId: dan.caller.userId } as never);
    expect(await cardPots(db.prisma, dan.caller.userId)).toEqual([
      { userId: dan.caller.userId, potId: null, version: 1 },
    ]);
  });

  it("make a user's first pot the one their card spends from, and no later pot until they choose it", async () => {
    const pots = potServiceOn(db.prisma);
    const caller = { userId: crypto.randomUUID(), name: 'Eve', email: 'eve@example.com', emailVerified: true };
    const first = await pots.create({ caller, body: { name: 'Flat bills', members: [] } } as never);
    const second = await pots.create({ caller, body: { name: 'Empty', members: [] } } as never);

    await expect(pots.getActive({ caller } as never)).resolves.toMatchObject({ potId: first.id });
    expect(await cardPots(db.prisma, caller.userId)).toEqual([
      { userId: caller.userId, potId: first.id, version: 1 },
    ]);
    await pots.setActive({ caller, body: { potId: second.id } } as never);
    await expect(pots.getActive({ caller } as never)).resolves.toMatchObject({ potId: second.id });
  });

  it('are made for every active pot and usable approval by the migration that brought them in', async () => {
    // A database made by the schema before that migration, holding an active pot, and approvals approved,
    // approved but expired, used and pending.
    const before = await potsDatabaseBefore('_card_pot_and_approval_announcements');
    const { sql } = before;
    try {
      const potId = crypto.randomUUID();
      const [ann, ben, benMember] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
      const [approved, expired, used, pending] = Array.from({ length: 4 }, () => crypto.randomUUID());
      await sql.query(
        `INSERT INTO pots.pots (id, name, created_by, spend_rule, updated_at) VALUES ($1, 'Old pot', $2, 'approval', now())`,
        [potId, ann],
      );
      await sql.query(
        `INSERT INTO pots.pot_members (id, pot_id, user_id, name, email, role) VALUES
           (gen_random_uuid(), $1, $2, 'Ann', 'ann@example.com', 'owner'),
           ($3, $1, $4, 'Ben', 'ben@example.com', 'member')`,
        [potId, ann, benMember, ben],
      );
      await sql.query(
        `INSERT INTO pots.user_active_pot (user_id, pot_id, updated_at) VALUES ($1, $2, now())`,
        [ben, potId],
      );
      await sql.query(
        `INSERT INTO pots.spend_approvals (id, pot_id, member_id, user_id, amount_pence, status, expires_at, used_by) VALUES
           ($1, $5, $6, $7, 9000, 'approved', '2099-01-02T03:04:05.678Z', NULL),
           ($2, $5, $6, $7, 9000, 'approved', now() - interval '1 minute', NULL),
           ($3, $5, $6, $7, 9000, 'used', '2099-01-01T00:00:00Z', 'iauth_old'),
           ($4, $5, $6, $7, 9000, 'pending', '2099-01-01T00:00:00Z', NULL)`,
        [approved, expired, used, pending, potId, benMember, ben],
      );

      before.migrateToNow();

      const prisma = new PrismaService({ DATABASE_URL: before.url } as PotsConfig);
      try {
        expect(await cardPots(prisma, ben)).toEqual([{ userId: ben, potId, version: 1 }]);
        await expect(prisma.cardPotVersion.findUnique({ where: { userId: ben } })).resolves.toEqual({
          userId: ben,
          version: 1n,
        });
        const told = await prisma.outboxMessage.findMany({
          where: { jobName: 'pots.spend-approval.changed.v1' },
        });
        expect(told.map((row) => SpendApprovalChangedJob.parse(row.payload))).toEqual([
          {
            approvalId: approved,
            potId,
            userId: ben,
            amountPence: 9000,
            expiresAt: '2099-01-02T03:04:05.678Z',
            withdrawn: false,
          },
        ]);
        // The next change of Ben's active pot follows on from the version payments already holds.
        await prisma.$transaction(async (tx) => {
          await tx.activePot.delete({ where: { userId: ben } });
          await announceCardPot(tx, ben);
        });
        expect((await cardPots(prisma, ben)).map(({ version }) => version)).toEqual([1, 2]);
      } finally {
        await prisma.$disconnect();
      }
    } finally {
      await before.close();
    }
  }, 120_000);
});
