// Against the real Postgres (a throwaway database migrated with the project's tool): the hand-written read
// of a user answers exactly what the ORM's read of the same row does.
import { randomUUID } from 'node:crypto';

import { createThrowawayDatabase, type ThrowawayDatabase } from '@kitty/testing';

import { type AuthConfig, loadAuthConfig } from '../config';
import { PrismaService } from '../prisma.service';
import { UserRepository } from './user.repository';

describe('UserRepository.findById (PostgreSQL)', () => {
  let database: ThrowawayDatabase;
  let prisma: PrismaService;
  let users: UserRepository;

  beforeAll(() => {
    database = createThrowawayDatabase('auth', loadAuthConfig().DATABASE_URL);
    prisma = new PrismaService({ DATABASE_URL: database.url } as AuthConfig);
    users = new UserRepository(prisma);
  }, 60_000);

  afterAll(async () => {
    await prisma?.$disconnect();
    await database?.drop();
  });

  const create = (verifiedAt: Date | null) =>
    prisma.user.create({
      data: {
        email: `${randomUUID()}@example.com`,
        fullName: 'Ada Lovelace',
        passwordHash: 'not-a-real-hash',
        emailVerifiedAt: verifiedAt,
      },
    });

  it('reads the user as the contract has them: verified or not', async () => {
    const verified = await create(new Date('2026-11-26T20:00:00.123Z'));
    const unverified = await create(null);

    await expect(users.findById(verified.id)).resolves.toEqual({
      id: verified.id,
      email: verified.email,
      fullName: 'Ada Lovelace',
      emailVerified: true,
    });
    await expect(users.findById(unverified.id)).resolves.toEqual({
      id: unverified.id,
      email: unverified.email,
      fullName: 'Ada Lovelace',
      emailVerified: false,
    });
  });

  it('answers null for an id nobody has', async () => {
    await expect(users.findById(randomUUID())).resolves.toBeNull();
  });
});
