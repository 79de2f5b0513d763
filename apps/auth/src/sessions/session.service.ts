import { randomUUID } from 'node:crypto';

import type {
  AccessTokenClaims,
  AccountSession,
  AuthUser,
  CallerContext,
  IssuedSession,
} from '@kitty/contracts';
import { ProblemError } from '@kitty/nest-common';
import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';

import { AUTH_CONFIG, type AuthConfig } from '../config';
import type { Tx } from '../users/user.repository';
import { describeDevice } from './device';
import { hashRefreshToken, newRefreshToken, sealSuccessor } from './refresh-token';
import { RefreshTokenRepository } from './refresh-token.repository';
import { SessionRepository } from './session.repository';
import { SessionRevocations } from './session-revocations';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A session is a refresh-token family; its id is the access token's `sid`. Issues sessions (new family on
 * sign-in), rotates their refresh token, re-issues access tokens, and ends them.
 */
@Injectable()
export class SessionService {
  constructor(
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    private readonly jwt: JwtService,
    private readonly refreshTokens: RefreshTokenRepository,
    private readonly revocations: SessionRevocations,
    private readonly sessions: SessionRepository,
  ) {}

  /** A new session: a new family with its first refresh token, and the device it was opened on. */
  async issue(tx: Tx, user: AuthUser, caller: CallerContext): Promise<IssuedSession> {
    const familyId = randomUUID();
    const refresh = newRefreshToken();
    const expiresAt = this.refreshTokenExpiry();
    await this.sessions.create(tx, { id: familyId, userId: user.id, userAgent: caller.userAgent });
    await this.refreshTokens.create(tx, { familyId, userId: user.id, tokenHash: refresh.hash, expiresAt });
    return this.withAccessToken(user, familyId, refresh.token, expiresAt);
  }

  /**
   * Replaces `presented` with a new token of the same family, sealing the new one under the old so that a
   * retry with the old token inside the reuse window gets it back. Null when `presented` is no longer live
   * (a concurrent refresh consumed it first).
   */
  async rotate(tx: Tx, user: AuthUser, familyId: string, presented: string): Promise<IssuedSession | null> {
    const next = newRefreshToken();
    const now = new Date();
    const consumed = await this.refreshTokens.consume(
      tx,
      hashRefreshToken(presented),
      sealSuccessor(presented, next.token),
      now,
    );
    if (!consumed) return null;
    const expiresAt = this.refreshTokenExpiry(now);
    await this.refreshTokens.create(tx, { familyId, userId: user.id, tokenHash: next.hash, expiresAt });
    await this.sessions.touch(tx, familyId, now);
    return this.withAccessToken(user, familyId, next.token, expiresAt);
  }

  /** A fresh access token for a session whose current refresh token the caller already proved it holds. */
  reissue(user: AuthUser, familyId: string, refreshToken: string, expiresAt: Date): Promise<IssuedSession> {
    return this.withAccessToken(user, familyId, refreshToken, expiresAt);
  }

  /** Ends a session: its refresh tokens stop working at once, its access tokens at the gateway. */
  async end(familyId: string): Promise<void> {
    await this.refreshTokens.revokeFamily(familyId);
    await this.sessions.markEnded(familyId);
    await this.revocations.revoke(familyId);
  }

  /** The user's sessions that can still be used, most recently used first; `current` is the caller's. */
  async list(userId: string, current: string | null): Promise<AccountSession[]> {
    const live = await this.refreshTokens.liveFamiliesOf(userId, null);
    const sessions = await this.sessions.listOpen(userId, live);
    return sessions.map((session) => ({
      id: session.id,
      device: describeDevice(session.userAgent),
      signedInAt: session.createdAt.toISOString(),
      lastSeenAt: session.lastSeenAt.toISOString(),
      current: session.id === current,
    }));
  }

  /** Ends one of the user's own sessions; a stranger's id and an ended session look the same (404). */
  async endOwn(userId: string, sessionId: string): Promise<void> {
    const live = await this.refreshTokens.liveFamiliesOf(userId, null);
    if (!live.includes(sessionId)) {
      throw ProblemError.of(404, 'Session not found', 'This session has already been signed out.');
    }
    await this.end(sessionId);
  }

  /** Ends every session of the user but `keep` (the caller's own, on a change of password); returns how many. */
  async endAllOf(userId: string, keep: string | null = null): Promise<number> {
    const families = await this.refreshTokens.liveFamiliesOf(userId, keep);
    for (const familyId of families) await this.end(familyId);
    return families.length;
  }

  private refreshTokenExpiry(now = new Date()) {
    return new Date(now.getTime() + this.config.REFRESH_TOKEN_TTL_DAYS * DAY_MS);
  }

  private async withAccessToken(
    user: AuthUser,
    sid: string,
    refreshToken: string,
    refreshTokenExpiresAt: Date,
  ): Promise<IssuedSession> {
    const claims: AccessTokenClaims = { sub: user.id, email: user.email, name: user.fullName, sid };
    const accessToken = await this.jwt.signAsync(claims, { expiresIn: this.config.ACCESS_TOKEN_TTL_SECONDS });
    return {
      user,
      accessToken,
      accessTokenExpiresAt: new Date(Date.now() + this.config.ACCESS_TOKEN_TTL_SECONDS * 1000).toISOString(),
      refreshToken,
      refreshTokenExpiresAt: refreshTokenExpiresAt.toISOString(),
    };
  }
}
