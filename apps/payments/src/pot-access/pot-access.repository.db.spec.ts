// Against the real Postgres: payments' projection of what pots announces for card payments keeps the
// newest card pot of each user whatever order the announcements arrive in, and an approval withdrawn stays
// withdrawn whichever of its two announcements comes first.
import { randomUUID } from 'node:crypto';

import type { SpendApprovalChangedJob } from '@kitty/contracts';

import { PrismaService } from '../prisma.service';
import { openPaymentsDatabase, type PaymentsDatabase } from '../testing/database';
import { PotAccessRepository } from './pot-access.repository';

describe("payments' projection of card pots and spending approvals (PostgreSQL)", () => {
  let database: PaymentsDatabase;
  let prisma: PrismaService;
  let projection: PotAccessRepository;

  beforeAll(() => {
    database = openPaymentsDatabase();
    prisma = database.prisma;
    projection = new PotAccessRepository(prisma);
  }, 60_000);

  afterAll(async () => {
    await database?.close();
  });

  it("keeps a user's newest card pot: older or repeated announcements change nothing", async () => {
    const userId = randomUUID();
    const [lisbon, porto] = [randomUUID(), randomUUID()];
    const cardPot = async () => prisma.cardPot.findUnique({ where: { userId } });

    await expect(projection.applyCardPot({ userId, potId: lisbon, version: 1 })).resolves.toBe(true);
    await expect(projection.applyCardPot({ userId, potId: null, version: 3 })).resolves.toBe(true);
    // Relayed late: version 2 is older news than the pot ended at version 3.
    await expect(projection.applyCardPot({ userId, potId: porto, version: 2 })).resolves.toBe(false);
    await expect(projection.applyCardPot({ userId, potId: null, version: 3 })).resolves.toBe(false);
    await expect(cardPot()).resolves.toMatchObject({ potId: null, version: 3n });
    await projection.applyCardPot({ userId, potId: porto, version: 4 });
    await expect(cardPot()).resolves.toMatchObject({ potId: porto, version: 4n });
  });

  it('keeps an approval withdrawn whichever announcement comes first, and never touches its use', async () => {
    const approvalId = randomUUID();
    const approval = (withdrawn: boolean): SpendApprovalChangedJob => ({
      approvalId,
      potId: randomUUID(),
      userId: randomUUID(),
      amountPence: 9000,
      expiresAt: '2026-12-01T10:00:00.000Z',
      withdrawn,
    });
    const granted = approval(false);
    await projection.applySpendApproval(granted);
    await prisma.cardSpendApproval.update({ where: { id: approvalId }, data: { usedBy: 'iauth_1' } });
    await projection.applySpendApproval(granted);
    await expect(
      prisma.cardSpendApproval.findUniqueOrThrow({ where: { id: approvalId } }),
    ).resolves.toMatchObject({
      amountPence: 9000n,
      expiresAt: new Date(granted.expiresAt),
      withdrawn: false,
      usedBy: 'iauth_1',
    });
    await projection.applySpendApproval({ ...granted, withdrawn: true });
    await projection.applySpendApproval(granted);
    await expect(
      prisma.cardSpendApproval.findUniqueOrThrow({ where: { id: approvalId } }),
    ).resolves.toMatchObject({
      withdrawn: true,
      usedBy: 'iauth_1',
    });

    // Withdrawn heard before granted (relayed out of order): it stays withdrawn.
    const other = { ...approval(true), approvalId: randomUUID() };
    await projection.applySpendApproval(other);
    await projection.applySpendApproval({ ...other, withdrawn: false });
    await expect(
      prisma.cardSpendApproval.findUniqueOrThrow({ where: { id: other.approvalId } }),
    ).resolves.toMatchObject({ withdrawn: true });
  });
});
