import type { IssuedSession } from '@kitty/contracts';
import { ProblemError } from '@kitty/nest-common';
import { Inject, Injectable } from '@nestjs/common';

import { AUTH_CONFIG, type AuthConfig } from '../config';
import { PrismaService } from '../prisma.service';
import { UserRepository } from '../users/user.repository';
import { RefreshRateLimit } from './refresh-rate-limit';
import { hashRefreshToken, openSuccessor } from './refresh-token';
import { RefreshTokenRepository } from './refresh-token.repository';
import { SessionService } from './session.service';

export const sessionEnded = () => ProblemError.of(401, 'Session expired', 'Please sign in again.');

type StoredToken = NonNullable<Awaited<ReturnType<RefreshTokenRepository['findByHash']>>>;

/**
 * Refresh-token rotation with a reuse window (ADR 0012). A live token is rotated. The token just rotated
 * away, presented again within REFRESH_REUSE_WINDOW_SECONDS while its successor is still the family's
 * current token, gets that same successor back with a fresh access token: the first answer was lost to a
 * reload or a dropped connection. Any other reuse of a rotated token is a replay: the family is revoked.
 */
@Injectable()
export class RefreshService {
  constructor(
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    private readonly prisma: PrismaService,
    private readonly refreshTokens: RefreshTokenRepository,
    private readonly users: UserRepository,
    private readonly sessions: SessionService,
    private readonly rateLimit: RefreshRateLimit,
  ) {}

  async refresh(refreshToken: string): Promise<IssuedSession> {
    const tokenHash = hashRefreshToken(refreshToken);
    let presented = await this.refreshTokens.findByHash(tokenHash);
    if (!presented || presented.revokedAt || presented.expiresAt.getTime() <= Date.now())
      throw sessionEnded();
    // Counted before anything changes, so a refused refresh rotates nothing.
    await this.rateLimit.consume(presented.familyId);
    const user = await this.users.findById(presented.userId);
    if (!user) throw sessionEnded();

    if (!presented.usedAt) {
      const familyId = presented.familyId;
      const rotated = await this.prisma.$transaction((tx) =>
        this.sessions.rotate(tx, user, familyId, refreshToken),
      );
      if (rotated) return rotated;
      // A concurrent refresh with the same token won the row lock: judge this one as a retry of it.
      presented = await this.refreshTokens.findByHash(tokenHash);
      if (!presented || presented.revokedAt) throw sessionEnded();
    }

    const current = await this.currentSuccessor(presented, refreshToken);
    if (current) return this.sessions.reissue(user, presented.familyId, current.token, current.expiresAt);

    await this.sessions.end(presented.familyId);
    throw sessionEnded();
  }

  /** The successor of a used token, when the reuse window allows handing it back; null for a replay. */
  private async currentSuccessor(presented: StoredToken, refreshToken: string) {
    const now = Date.now();
    if (!presented.usedAt || !presented.successorSealed) return null;
    if (now - presented.usedAt.getTime() > this.config.REFRESH_REUSE_WINDOW_SECONDS * 1000) return null;
    const token = openSuccessor(refreshToken, presented.successorSealed);
    if (!token) return null;
    const successor = await this.refreshTokens.findByHash(hashRefreshToken(token));
    // Only the immediately previous token: once the successor itself was rotated, the old one is a replay.
    if (!successor || successor.usedAt || successor.revokedAt || successor.expiresAt.getTime() <= now)
      return null;
    return { token, expiresAt: successor.expiresAt };
  }
}
