import type { ProblemError } from '@kitty/nest-common';
import { JwtService } from '@nestjs/jwt';

import type { AuthConfig } from '../config';
import type { PrismaService } from '../prisma.service';
import type { Tx, UserRepository } from '../users/user.repository';
import { RefreshService } from './refresh.service';
import type { RefreshRateLimit } from './refresh-rate-limit';
import { hashRefreshToken } from './refresh-token';
import type { RefreshTokenRepository } from './refresh-token.repository';
import type { SessionRepository } from './session.repository';
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
  liveFamiliesOf(userId: string, except: string | null) {
    const live = [...this.rows.values()].filter(
      (row) =>
        row.userId === userId && !row.revokedAt && row.expiresAt > new Date() && row.familyId !== except,
    );
    return Promise.resolve([...new Set(live.map((row) => row.familyId))]);
  }
}

interface SessionRow {
  id: string;
  userId: string;
  userAgent: string | null;
  createdAt: Date;
  lastSeenAt: Date;
  endedAt: Date | null;
}

/** The session repository's contract over an in-memory table. */
class FakeSessions {
  readonly rows = new Map<string, SessionRow>();
  create(_tx: Tx, data: { id: string; userId: string; userAgent: string | null }) {
    this.rows.set(data.id, { ...data, createdAt: new Date(), lastSeenAt: new Date(), endedAt: null });
    return Promise.resolve();
  }
  touch(_tx: Tx, id: string, at: Date) {
    const row = this.rows.get(id);
    if (row && !row.endedAt) row.lastSeenAt = at;
    return Promise.resolve();
  }
  markEnded(id: string) {
    const row = this.rows.get(id);
    if (row) row.endedAt ??= new Date();
    return Promise.resolve();
  }
  listOpen(userId: string, ids: string[]) {
    return Promise.resolve(
      [...this.rows.values()]
        .filter((row) => row.userId === userId && !row.endedAt && ids.includes(row.id))
        .sort((a, b) => b.lastSeenAt.getTime() - a.lastSeenAt.getTime()),
    );
  }
}

const CHROME_ON_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

function setup() {
  const jwt = new JwtService({ secret: 'a-test-secret-that-is-long-enough-000' });
  const tokens = new FakeRefreshTokens();
  const revocations = { revoke: jest.fn() };
  const rateLimit = { consume: jest.fn() };
  const sessionRows = new FakeSessions();
  const sessions = new SessionService(
    config,
    jwt,
    tokens as unknown as RefreshTokenRepository,
    revocations as unknown as SessionRevocations,
    sessionRows as unknown as SessionRepository,
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
  const signIn = (userAgent: string | null = CHROME_ON_MAC) =>
    sessions.issue({} as Tx, user, { ip: null, userAgent });
  return { service, tokens, revocations, rateLimit, signIn, jwt, sessions, sessionRows };
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

describe("SessionService: the account page's sessions", () => {
  beforeEach(() => jest.useFakeTimers({ now: new Date('2026-11-23T12:00:00Z'), doNotFake: ['nextTick'] }));
  afterEach(() => jest.useRealTimers());

  const sidOf = (jwt: JwtService, accessToken: string) => jwt.decode<{ sid: string }>(accessToken).sid;

  it("lists each signed-in device with when it was last used, the caller's own marked current", async () => {
    const { service, signIn, sessions, jwt } = setup();
    const laptop = await signIn();
    const phone = await signIn(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    );
    jest.advanceTimersByTime(60_000);
    await service.refresh(laptop.refreshToken);

    const listed = await sessions.list(user.id, sidOf(jwt, phone.accessToken));
    expect(listed).toEqual([
      {
        id: sidOf(jwt, laptop.accessToken),
        device: 'Chrome on macOS',
        signedInAt: '2026-11-23T12:00:00.000Z',
        lastSeenAt: '2026-11-23T12:01:00.000Z',
        current: false,
      },
      {
        id: sidOf(jwt, phone.accessToken),
        device: 'Safari on iPhone',
        signedInAt: '2026-11-23T12:00:00.000Z',
        lastSeenAt: '2026-11-23T12:00:00.000Z',
        current: true,
      },
    ]);
  });

  it('signs one session out: its refresh token stops working and it leaves the list', async () => {
    const { service, signIn, sessions, jwt, revocations } = setup();
    const laptop = await signIn();
    const phone = await signIn();
    await sessions.endOwn(user.id, sidOf(jwt, laptop.accessToken));

    expect(revocations.revoke).toHaveBeenCalledWith(sidOf(jwt, laptop.accessToken));
    expect(await statusOf(service.refresh(laptop.refreshToken))).toBe(401);
    expect((await sessions.list(user.id, null)).map(({ id }) => id)).toEqual([sidOf(jwt, phone.accessToken)]);
  });

  it("answers 404 for another user's session and for one already signed out, ending nothing", async () => {
    const { signIn, sessions, jwt, revocations } = setup();
    const laptop = await signIn();
    const sid = sidOf(jwt, laptop.accessToken);
    await expect(statusOf(sessions.endOwn('7f1f2a3e-0000-4000-8000-000000000002', sid))).resolves.toBe(404);
    expect(revocations.revoke).not.toHaveBeenCalled();
    await sessions.endOwn(user.id, sid);
    await expect(statusOf(sessions.endOwn(user.id, sid))).resolves.toBe(404);
  });

  it("signs out every other session and keeps the caller's", async () => {
    const { signIn, sessions, jwt } = setup();
    const keep = await signIn();
    await signIn();
    await signIn();
    expect(await sessions.endAllOf(user.id, sidOf(jwt, keep.accessToken))).toBe(2);
    expect(
      (await sessions.list(user.id, sidOf(jwt, keep.accessToken))).map(({ current }) => current),
    ).toEqual([true]);
  });
});
