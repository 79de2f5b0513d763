import type { ProblemError } from '@kitty/nest-common';
import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { JwtService } from '@nestjs/jwt';

import { JwtAuthGuard } from './jwt-auth.guard';
import type { RevokedSessions } from './revoked-sessions';

const secret = 'a-test-secret-that-is-long-enough-000';
const jwt = new JwtService({ secret, signOptions: { algorithm: 'HS256' } });

const revokedSids = new Set<string>();
const revokedSessions = {
  isRevoked: (sid: string) => Promise.resolve(revokedSids.has(sid)),
} as unknown as RevokedSessions;

function contextFor(authorization: string | undefined, isPublic: boolean) {
  const request: {
    headers: Record<string, string | undefined>;
    raw: { userId?: string };
    user?: unknown;
  } = { headers: { authorization }, raw: {} };
  const handler = () => undefined;
  const reflector = { getAllAndOverride: () => isPublic } as unknown as Reflector;
  const context = {
    getHandler: () => handler,
    getClass: () => Object,
    switchToHttp: () => ({ getRequest: () => request }),
  } as unknown as ExecutionContext;
  return { guard: new JwtAuthGuard(jwt, reflector, revokedSessions), context, request };
}

async function statusOf(promise: Promise<unknown>) {
  try {
    await promise;
    return 200;
  } catch (error) {
    return (error as ProblemError).problem.status;
  }
}

describe('JwtAuthGuard', () => {
  it('admits a valid token and exposes the user', async () => {
    const token = await jwt.signAsync({ sub: 'user-1', email: 'a@b.co', name: 'Ada' }, { expiresIn: 60 });
    const { guard, context, request } = contextFor(`Bearer ${token}`, false);
    await expect(guard.canActivate(context)).resolves.toBe(true);
    expect(request.user).toEqual({
      id: 'user-1',
      email: 'a@b.co',
      name: 'Ada',
      expiresAt: expect.any(Number) as number,
    });
    expect((request.user as { expiresAt: number }).expiresAt).toBeGreaterThan(Date.now() + 55_000);
    expect(request.raw.userId).toBe('user-1');
  });

  it.each([
    ['no token', undefined],
    ['a malformed token', 'Bearer nope'],
    [
      'a token signed with another key',
      `Bearer ${new JwtService({ secret: 'x'.repeat(40) }).sign({ sub: 'u' })}`,
    ],
    [
      'an unsigned token',
      `Bearer ${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"u"}').toString('base64url')}.`,
    ],
  ])('refuses %s on protected routes with 401', async (_label, header) => {
    const { guard, context } = contextFor(header, false);
    expect(await statusOf(guard.canActivate(context))).toBe(401);
  });

  it('refuses an expired token', async () => {
    const token = await jwt.signAsync({ sub: 'u', email: 'e', exp: Math.floor(Date.now() / 1000) - 10 });
    const { guard, context } = contextFor(`Bearer ${token}`, false);
    expect(await statusOf(guard.canActivate(context))).toBe(401);
  });

  it('refuses the token of a signed-out session, on protected routes only', async () => {
    revokedSids.add('session-ended');
    const token = await jwt.signAsync(
      { sub: 'u', email: 'e', name: 'n', sid: 'session-ended' },
      { expiresIn: 60 },
    );
    const protectedRoute = contextFor(`Bearer ${token}`, false);
    expect(await statusOf(protectedRoute.guard.canActivate(protectedRoute.context))).toBe(401);
    const publicRoute = contextFor(`Bearer ${token}`, true);
    await expect(publicRoute.guard.canActivate(publicRoute.context)).resolves.toBe(true);
    expect(publicRoute.request.user).toBeUndefined();
  });

  it('admits the token of a live session', async () => {
    const token = await jwt.signAsync({ sub: 'u', email: 'e', name: 'n', sid: 'live' }, { expiresIn: 60 });
    const { guard, context } = contextFor(`Bearer ${token}`, false);
    await expect(guard.canActivate(context)).resolves.toBe(true);
  });

  it('still refuses a token it has verified before once its session is revoked', async () => {
    const token = await jwt.signAsync(
      { sub: 'u', email: 'e', name: 'n', sid: 'later-ended' },
      { expiresIn: 60 },
    );
    const first = contextFor(`Bearer ${token}`, false);
    await expect(first.guard.canActivate(first.context)).resolves.toBe(true);
    revokedSids.add('later-ended');
    const again = contextFor(`Bearer ${token}`, false);
    expect(await statusOf(first.guard.canActivate(again.context))).toBe(401);
  });

  it('refuses a token it has verified before once it has expired', async () => {
    jest.useFakeTimers({ now: Date.now(), doNotFake: ['nextTick', 'setImmediate'] });
    try {
      const token = await jwt.signAsync({ sub: 'u', email: 'e', name: 'n', sid: 'live' }, { expiresIn: 60 });
      const first = contextFor(`Bearer ${token}`, false);
      await expect(first.guard.canActivate(first.context)).resolves.toBe(true);
      jest.advanceTimersByTime(61_000);
      const again = contextFor(`Bearer ${token}`, false);
      expect(await statusOf(first.guard.canActivate(again.context))).toBe(401);
    } finally {
      jest.useRealTimers();
    }
  });

  it('lets anyone through public routes', async () => {
    const { guard, context, request } = contextFor('Bearer junk', true);
    await expect(guard.canActivate(context)).resolves.toBe(true);
    expect(request.user).toBeUndefined();
  });
});
