import { randomUUID } from 'node:crypto';

import type { AccessTokenClaims, AuthUser, IssuedSession } from '@kitty/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';

import { AUTH_CONFIG, type AuthConfig } from '../config';
import { RefreshTokenRepository } from '../repositories/refresh-token.repository';
import type { Tx } from '../repositories/user.repository';
import { newRefreshToken } from './refresh-token';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Issues an access token (JWT) plus a refresh token in a family (new on sign-in, kept on rotation). */
@Injectable()
export class SessionService {
  constructor(
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    private readonly jwt: JwtService,
    private readonly refreshTokens: RefreshTokenRepository,
  ) {}

  async issue(tx: Tx, user: AuthUser, familyId: string = randomUUID()): Promise<IssuedSession> {
    const now = Date.now();
    const claims: AccessTokenClaims = { sub: user.id, email: user.email, name: user.fullName };
    const accessToken = await this.jwt.signAsync(claims, { expiresIn: this.config.ACCESS_TOKEN_TTL_SECONDS });
    const refresh = newRefreshToken();
    const refreshTokenExpiresAt = new Date(now + this.config.REFRESH_TOKEN_TTL_DAYS * DAY_MS);
    await this.refreshTokens.create(tx, {
      familyId,
      userId: user.id,
      tokenHash: refresh.hash,
      expiresAt: refreshTokenExpiresAt,
    });
    return {
      user,
      accessToken,
      accessTokenExpiresAt: new Date(now + this.config.ACCESS_TOKEN_TTL_SECONDS * 1000).toISOString(),
      refreshToken: refresh.token,
      refreshTokenExpiresAt: refreshTokenExpiresAt.toISOString(),
    };
  }
}
