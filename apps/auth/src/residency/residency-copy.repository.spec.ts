// Against the real Postgres (a throwaway database migrated with the project's tool): auth's copy of a
// user's residency only moves forward, and is read with the user in one statement.
import { randomUUID } from 'node:crypto';

import type { ResidencyChangedJob } from '@kitty/contracts';
import { createThrowawayDatabase, type ThrowawayDatabase } from '@kitty/testing';

import { type AuthConfig, loadAuthConfig } from '../config';
import { PrismaService } from '../prisma.service';
import { ResidencyCopyRepository } from './residency-copy.repository';

describe('ResidencyCopyRepository (PostgreSQL)', () => {
  let database: ThrowawayDatabase;
  let prisma: PrismaService;
  let copies: ResidencyCopyRepository;

  beforeAll(() => {
    database = createThrowawayDatabase('auth', loadAuthConfig().DATABASE_URL);
    prisma = new PrismaService({ DATABASE_URL: database.url } as AuthConfig);
    copies = new ResidencyCopyRepository(prisma);
  }, 60_000);

  afterAll(async () => {
    await prisma?.$disconnect();
    await database?.drop();
  });

  const user = (deletedAt: Date | null = null) =>
    prisma.user.create({
      data: {
        email: `${randomUUID()}@example.com`,
        fullName: 'Ada Lovelace',
        passwordHash: 'not-a-real-hash',
        emailVerifiedAt: new Date('2026-11-26T20:00:00.123Z'),
        deletedAt,
      },
    });

  const change = (userId: string, version: number, countryCode: string | null): ResidencyChangedJob => ({
    userId,
    countryCode,
    isUkResident: countryCode === 'GB',
    detectedAt: `2026-11-2${version}T10:00:00.250Z`,
    method: version > 2 ? 'kyc_address' : 'ip_address',
    version,
  });

  it('reads a user whose residency is not known yet with none', async () => {
    const { id, email } = await user();
    await expect(copies.meOf(id)).resolves.toEqual({
      id,
      email,
      fullName: 'Ada Lovelace',
      emailVerified: true,
      residency: null,
    });
    await expect(copies.meOf(randomUUID())).resolves.toBeNull();
  });

  it('applies changes in version order whatever order they arrive in, each once', async () => {
    const { id } = await user();
    expect(await copies.apply(change(id, 2, 'US'))).toBe(true);
    expect(await copies.apply(change(id, 1, 'FR'))).toBe(false); // late
    expect(await copies.apply(change(id, 2, 'US'))).toBe(false); // again
    expect((await copies.meOf(id))?.residency).toEqual({
      countryCode: 'US',
      isUkResident: false,
      detectedAt: '2026-11-22T10:00:00.250Z',
      method: 'ip_address',
    });
    expect(await copies.apply(change(id, 3, 'GB'))).toBe(true);
    expect((await copies.meOf(id))?.residency).toEqual({
      countryCode: 'GB',
      isUkResident: true,
      detectedAt: '2026-11-23T10:00:00.250Z',
      method: 'kyc_address',
    });
  });

  it('keeps an unknown country as one', async () => {
    const { id } = await user();
    await copies.apply(change(id, 1, null));
    expect((await copies.meOf(id))?.residency).toMatchObject({ countryCode: null, isUkResident: false });
  });

  it('keeps nothing for a deleted account or a user it never had', async () => {
    const deleted = await user(new Date());
    expect(await copies.apply(change(deleted.id, 1, 'GB'))).toBe(false);
    expect(await copies.apply(change(randomUUID(), 1, 'GB'))).toBe(false);
    expect(await prisma.userResidency.count({ where: { userId: deleted.id } })).toBe(0);
  });
});
