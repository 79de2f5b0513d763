import type { ProblemError } from '@kitty/nest-common';
import { JwtService } from '@nestjs/jwt';

import type { AuthConfig } from '../config';
import type { PrismaService } from '../prisma.service';
import type { RefreshTokenRepository } from '../repositories/refresh-token.repository';
import type { Tx, UserRepository } from '../repositories/user.repository';
import { RefreshService } from './refresh.service';
import type { RefreshRateLimit } from './refresh-rate-limit';
import { hashRefreshToken } from './refresh-token';
import { SessionService } from './session.service';
import type { SessionRevocations } from './session-revocations';

const user = {
  id: '7f1f2a3e-0000-4000-8000-000000000001',
  email: 'ada@example.com',
  fullName: 'Ada',
  emailVerified: true,
};
const WINDOW_SECONDS = 45;
const config = {
  ACCESS_TOKEN_TTL_SECONDS: 900,
  REFRESH_TOKEN_TTL_DAYS: 30,
  REFRESH_REUSE_WINDOW_SECONDS: WINDOW_SECONDS,
} as AuthConfig;

interface Row {
  familyId: string;
  userId: string;
  tokenHash: string;
  expiresAt: Date;
  usedAt: Date | null;
  revokedAt: Date | null;
  successorSealed: string | null;
}

/** The repository's contract over an in-memory table, including the conditional consume. */
class FakeRefreshTokens {
  readonly rows = new Map<string, Row>();
  create(_tx: Tx, data: { familyId: string; userId: string; tokenHash: string; expiresAt: Date }) {
    this.rows.set(data.tokenHash, { ...data, usedAt: null, revokedAt: null, successorSealed: null });
    return Promise.resolve();
  }
  consume(_tx: Tx, tokenHash: string, successorSealed: string, usedAt: Date) {
    const row = this.rows.get(tokenHash);
    if (!row || row.usedAt || row.revokedAt || row.expiresAt <= usedAt) return Promise.resolve(false);
    Object.assign(row, { usedAt, successorSealed });
    return Promise.resolve(true);
  }
  findByHash(tokenHash: string) {
    const row = this.rows.get(tokenHash);
    return Promise.resolve(row ? { ...row } : null);
  }
  revokeFamily(familyId: string) {
    for (const row of this.rows.values()) if (row.familyId === familyId) row.revokedAt ??= new Date();
    return Promise.resolve();
  }
}

function setup() {
  const jwt = new JwtService({ secret: 'a-test-secret-that-is-long-enough-000' });
  const tokens = new FakeRefreshTokens();
  const revocations = { revoke: jest.fn() };
  const rateLimit = { consume: jest.fn() };
  const sessions = new SessionService(
    config,
    jwt,
    tokens as unknown as RefreshTokenRepository,
    revocations as unknown as SessionRevocations,
  );
  const prisma = { $transaction: (fn: (tx: Tx) => unknown) => fn({} as Tx) } as unknown as PrismaService;
  const users = { findById: jest.fn().mockResolvedValue(user) } as unknown as UserRepository;
  const service = new RefreshService(
    config,
    prisma,
    tokens as unknown as RefreshTokenRepository,
    users,
    sessions,
    rateLimit as unknown as RefreshRateLimit,
  );
  const signIn = () => sessions.issue({} as Tx, user);
  return { service, tokens, revocations, rateLimit, signIn, jwt };
}

async function statusOf(promise: Promise<unknown>) {
  try {
    await promise;
    return 200;
  } catch (error) {
    return (error as ProblemError).problem.status;
  }
}

describe('RefreshService', () => {
  beforeEach(() => jest.useFakeTimers({ now: new Date('2026-11-23T12:00:00Z'), doNotFake: ['nextTick'] }));
  afterEach(() => jest.useRealTimers());

  it('rotates a live token within its family and puts the family in the access token as sid', async () => {
    const { service, signIn, jwt } = setup();
    const first = await signIn();
    const second = await service.refresh(first.refreshToken);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    const sid = (await jwt.verifyAsync<{ sid: string }>(first.accessToken)).sid;
    expect((await jwt.verifyAsync<{ sid: string }>(second.accessToken)).sid).toBe(sid);
  });

  it('gives the previous token the current session, the same refresh token, inside the window', async () => {
    const { service, signIn, revocations } = setup();
    const first = await signIn();
    const second = await service.refresh(first.refreshToken);
    jest.advanceTimersByTime((WINDOW_SECONDS - 1) * 1000);
    const retried = await service.refresh(first.refreshToken);
    expect(retried.refreshToken).toBe(second.refreshToken);
    expect(retried.refreshTokenExpiresAt).toBe(second.refreshTokenExpiresAt);
    expect(retried.accessToken).toBeTruthy();
    // ... and the session goes on from there.
    expect(await statusOf(service.refresh(second.refreshToken))).toBe(200);
    expect(revocations.revoke).not.toHaveBeenCalled();
  });

  it('revokes the family when the previous token comes back after the window', async () => {
    const { service, signIn, tokens, revocations } = setup();
    const first = await signIn();
    const second = await service.refresh(first.refreshToken);
    jest.advanceTimersByTime((WINDOW_SECONDS + 1) * 1000);
    expect(await statusOf(service.refresh(first.refreshToken))).toBe(401);
    expect(await statusOf(service.refresh(second.refreshToken))).toBe(401);
    const familyId = tokens.rows.get(hashRefreshToken(first.refreshToken))!.familyId;
    expect(revocations.revoke).toHaveBeenCalledWith(familyId);
  });

  it('revokes the family when a token two rotations old comes back, even inside the window', async () => {
    const { service, signIn, revocations } = setup();
    const first = await signIn();
    const second = await service.refresh(first.refreshToken);
    const third = await service.refresh(second.refreshToken);
    expect(await statusOf(service.refresh(first.refreshToken))).toBe(401);
    expect(await statusOf(service.refresh(third.refreshToken))).toBe(401);
    expect(revocations.revoke).toHaveBeenCalledTimes(1);
  });

  it('lets only one of two concurrent refreshes rotate; the other gets the same successor', async () => {
    const { service, signIn, tokens } = setup();
    const first = await signIn();
    const [a, b] = await Promise.all([
      service.refresh(first.refreshToken),
      service.refresh(first.refreshToken),
    ]);
    expect(a.refreshToken).toBe(b.refreshToken);
    expect(tokens.rows.size).toBe(2);
  });

  it('answers 401 for unknown, revoked and expired tokens without revoking anything', async () => {
    const { service, signIn, tokens, revocations } = setup();
    expect(await statusOf(service.refresh('forged'))).toBe(401);
    const session = await signIn();
    tokens.rows.get(hashRefreshToken(session.refreshToken))!.expiresAt = new Date(Date.now() - 1);
    expect(await statusOf(service.refresh(session.refreshToken))).toBe(401);
    expect(revocations.revoke).not.toHaveBeenCalled();
  });

  it('counts the refresh against its family before rotating, so a limited refresh changes nothing', async () => {
    const { service, signIn, rateLimit, tokens } = setup();
    const first = await signIn();
    rateLimit.consume.mockRejectedValueOnce(new Error('limited'));
    await expect(service.refresh(first.refreshToken)).rejects.toThrow('limited');
    expect(tokens.rows.get(hashRefreshToken(first.refreshToken))!.usedAt).toBeNull();
    expect(rateLimit.consume).toHaveBeenCalledWith(
      tokens.rows.get(hashRefreshToken(first.refreshToken))!.familyId,
    );
  });
});
