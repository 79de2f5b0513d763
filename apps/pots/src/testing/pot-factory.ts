// Test data for the pots medium tests: a throwaway database and pots with members, written directly.
import { randomUUID } from 'node:crypto';

import type { PotsCaller } from '@kitty/contracts';
import { createThrowawayDatabase, type ThrowawayDatabase } from '@kitty/testing';

import { loadPotsConfig, type PotsConfig } from '../config';
import { UnitOfWork } from '../core/unit-of-work';
import { PrismaService } from '../prisma.service';

export interface PotsTestDatabase {
  prisma: PrismaService;
  /** What the services under test run their repository calls on. */
  work: UnitOfWork;
  close(): Promise<void>;
}

export function potsTestDatabase(): PotsTestDatabase {
  const database: ThrowawayDatabase = createThrowawayDatabase('pots', loadPotsConfig().DATABASE_URL);
  const prisma = new PrismaService({ DATABASE_URL: database.url } as PotsConfig);
  return {
    prisma,
    work: new UnitOfWork(prisma),
    async close() {
      await prisma.$disconnect();
      await database.drop();
    },
  };
}

export interface TestMember {
  id: string;
  caller: PotsCaller;
}

export interface TestPot {
  id: string;
  owner: TestMember;
  members: TestMember[];
}

/** A pot owned by its first person, with everyone else as members. */
export async function createPot(
  prisma: PrismaService,
  names: string[],
  options: { balancePence?: number; isActive?: boolean } = {},
): Promise<TestPot> {
  const people = names.map((name) => ({
    memberId: randomUUID(),
    caller: { userId: randomUUID(), name, email: `${name.toLowerCase()}@example.com` },
  }));
  const pot = await prisma.pot.create({
    data: {
      name: `${names[0]}'s pot`,
      createdBy: people[0].caller.userId,
      balancePence: options.balancePence ?? 0,
      isActive: options.isActive ?? true,
      members: {
        create: people.map((person, index) => ({
          id: person.memberId,
          userId: person.caller.userId,
          name: person.caller.name,
          email: person.caller.email,
          role: index === 0 ? 'owner' : 'member',
        })),
      },
    },
  });
  const members = people.map((person) => ({ id: person.memberId, caller: person.caller }));
  return { id: pot.id, owner: members[0], members };
}
