// Against the real Postgres: a database of its own, migrated with the project's migration tool and
// dropped afterwards, so that the upsert's ordering rule is checked by the database that enforces it.
import { randomUUID } from 'node:crypto';

import { createThrowawayDatabase, type ThrowawayDatabase } from '@kitty/testing';

import { loadResidencyConfig, type ResidencyConfig } from '../config';
import { PrismaService } from '../prisma.service';
import { ResidencyRepository } from './residency.repository';

const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 12, minute));

describe('ResidencyRepository (PostgreSQL)', () => {
  let database: ThrowawayDatabase;
  let prisma: PrismaService;
  let repository: ResidencyRepository;

  beforeAll(() => {
    database = createThrowawayDatabase('residency', loadResidencyConfig().DATABASE_URL);
    prisma = new PrismaService({ DATABASE_URL: database.url } as ResidencyConfig);
    repository = new ResidencyRepository(prisma);
  }, 60_000);

  afterAll(async () => {
    await prisma?.$disconnect();
    await database?.drop();
  });

  const observation = (
    userId: string,
    minute: number,
    countryCode: string | null,
    method: 'ip_address' | 'kyc_address' = 'ip_address',
  ) => ({
    userId,
    countryCode,
    isUkResident: countryCode === 'GB',
    detectedAt: at(minute),
    method,
  });

  /** What the outbox holds for the user: the `residency.changed` events, by version. */
  const announced = async (userId: string) =>
    (await prisma.outboxMessage.findMany({ where: { payload: { path: ['userId'], equals: userId } } }))
      .map(({ queue, jobName, payload }) => ({ queue, jobName, payload: payload as { version: number } }))
      .sort((a, b) => a.payload.version - b.payload.version);

  it('announces each stored change to auth with the row version, and nothing for an ignored one', async () => {
    const userId = randomUUID();
    await repository.record(observation(userId, 0, 'US'));
    await repository.record(observation(userId, 5, 'GB', 'kyc_address'));
    await expect(repository.record(observation(userId, 9, 'FR'))).resolves.toBe(false);

    const events = await announced(userId);
    expect(events.map(({ payload }) => payload)).toEqual([
      expect.objectContaining({
        userId,
        countryCode: 'US',
        isUkResident: false,
        method: 'ip_address',
        version: 1,
      }),
      expect.objectContaining({
        userId,
        countryCode: 'GB',
        isUkResident: true,
        method: 'kyc_address',
        detectedAt: at(5).toISOString(),
        version: 2,
      }),
    ]);
    expect(
      events.every(({ queue, jobName }) => queue === 'auth-residency' && jobName === 'residency.changed.v1'),
    ).toBe(true);
  });

  it('stores the first observation of a user', async () => {
    const userId = randomUUID();
    await expect(repository.record(observation(userId, 0, 'GB'))).resolves.toBe(true);
    await expect(repository.findByUserId(userId)).resolves.toMatchObject({
      countryCode: 'GB',
      isUkResident: true,
      detectedAt: at(0),
      detectionMethod: 'ip_address',
    });
  });

  it('stores an unknown country as null', async () => {
    const userId = randomUUID();
    await repository.record(observation(userId, 0, null));
    await expect(repository.findByUserId(userId)).resolves.toMatchObject({
      countryCode: null,
      isUkResident: false,
    });
  });

  it('lets a newer observation replace an older one', async () => {
    const userId = randomUUID();
    await repository.record(observation(userId, 0, 'GB'));
    await expect(repository.record(observation(userId, 5, 'US'))).resolves.toBe(true);
    await expect(repository.findByUserId(userId)).resolves.toMatchObject({
      countryCode: 'US',
      isUkResident: false,
      detectedAt: at(5),
    });
  });

  it('never lets an older observation overwrite a newer one', async () => {
    const userId = randomUUID();
    await repository.record(observation(userId, 5, 'US'));
    await expect(repository.record(observation(userId, 0, 'GB'))).resolves.toBe(false);
    await expect(repository.findByUserId(userId)).resolves.toMatchObject({
      countryCode: 'US',
      detectedAt: at(5),
    });
  });

  it('treats the same observation delivered twice as one', async () => {
    const userId = randomUUID();
    await repository.record(observation(userId, 3, 'GB'));
    await expect(repository.record(observation(userId, 3, 'GB'))).resolves.toBe(false);
  });

  it('keeps the newest observation whatever order concurrent jobs commit in', async () => {
    const userId = randomUUID();
    const minutes = [4, 9, 1, 7, 0, 8, 2, 6, 3, 5];
    await Promise.all(
      minutes.map((minute) => repository.record(observation(userId, minute, minute === 9 ? 'GB' : 'FR'))),
    );
    await expect(repository.findByUserId(userId)).resolves.toMatchObject({
      countryCode: 'GB',
      detectedAt: at(9),
    });
  });

  it('lets a KYC address replace any sign-in IP, older or newer, and no later sign-in replace it', async () => {
    const userId = randomUUID();
    await repository.record(observation(userId, 9, 'FR'));
    await expect(repository.record(observation(userId, 5, 'GB', 'kyc_address'))).resolves.toBe(true);
    await expect(repository.record(observation(userId, 20, 'US'))).resolves.toBe(false);
    await expect(repository.findByUserId(userId)).resolves.toMatchObject({
      countryCode: 'GB',
      isUkResident: true,
      detectionMethod: 'kyc_address',
      detectedAt: at(5),
    });
  });

  it('lets a newer KYC address (a new identity check) replace an older one, never the reverse', async () => {
    const userId = randomUUID();
    await repository.record(observation(userId, 5, 'GB', 'kyc_address'));
    await expect(repository.record(observation(userId, 2, 'IE', 'kyc_address'))).resolves.toBe(false);
    await expect(repository.record(observation(userId, 8, 'IE', 'kyc_address'))).resolves.toBe(true);
    await expect(repository.findByUserId(userId)).resolves.toMatchObject({ countryCode: 'IE' });
  });

  it('ends on the KYC address whatever order sign-ins and the KYC job commit in', async () => {
    const userId = randomUUID();
    await Promise.all([
      ...[4, 9, 1, 7].map((minute) => repository.record(observation(userId, minute, 'FR'))),
      repository.record(observation(userId, 3, 'GB', 'kyc_address')),
    ]);
    await expect(repository.findByUserId(userId)).resolves.toMatchObject({
      countryCode: 'GB',
      detectionMethod: 'kyc_address',
    });
  });
});
