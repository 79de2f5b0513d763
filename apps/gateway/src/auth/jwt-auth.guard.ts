import type { AccessTokenClaims } from '@kitty/contracts';
import { ProblemError } from '@kitty/nest-common';
import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { JwtService } from '@nestjs/jwt';
import type { FastifyRequest } from 'fastify';

import { IS_PUBLIC } from './public.decorator';
import { RevokedSessions } from './revoked-sessions';
import { type VerifiedClaims, VerifiedTokens } from './verified-tokens';

export interface AuthenticatedUser {
  id: string;
  email: string;
  name: string;
  /** The session (the token's `sid`): a change of password keeps it and ends the others. */
  sessionId?: string;
  /** When the access token expires (ms since the epoch): a live stream ends then. */
  expiresAt?: number;
  /** Set once VerifiedEmail has asked auth during this request and the address was confirmed. */
  emailVerified?: true;
}

declare module 'fastify' {
  interface FastifyRequest {
    user?: AuthenticatedUser;
  }
}

/**
 * Verifies the Bearer access token on every route not marked @Public, and refuses the tokens of a session
 * that has ended (signed out, or revoked as a replay) although they have not expired yet. On public routes
 * a valid token is still read, so handlers can tell who is calling.
 */
@Injectable()
export class JwtAuthGuard implements CanActivate {
  private readonly verifiedTokens = new VerifiedTokens();

  constructor(
    private readonly jwt: JwtService,
    private readonly reflector: Reflector,
    private readonly revokedSessions: RevokedSessions,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [
      context.getHandler(),
      context.getClass(),
    ]);
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const token = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (token) {
      const claims = await this.verify(token);
      if (claims && !(await this.isRevoked(claims))) {
        request.user = {
          id: claims.sub,
          email: claims.email,
          name: claims.name,
          sessionId: claims.sid,
          expiresAt: claims.exp === undefined ? undefined : claims.exp * 1000,
        };
        // The access line (logAccess, from the raw request) names the caller by id.
        Object.assign(request.raw, { userId: claims.sub });
      } else if (!isPublic) {
        throw ProblemError.of(401, 'Unauthorized', 'Your session has expired. Please sign in again.');
      }
    }
    if (!isPublic && !request.user) throw ProblemError.of(401, 'Unauthorized', 'Please sign in to continue.');
    return true;
  }

  private async verify(token: string): Promise<VerifiedClaims | null> {
    const known = this.verifiedTokens.get(token);
    if (known) return known;
    try {
      const claims = await this.jwt.verifyAsync<VerifiedClaims>(token, { algorithms: ['HS256'] });
      this.verifiedTokens.remember(token, claims);
      return claims;
    } catch {
      return null;
    }
  }

  /**
   * Tokens signed before sessions had ids carry no `sid`; they expire within one access-token lifetime of
   * the upgrade. A Redis failure is not caught: refusing with a 5xx beats admitting a signed-out session.
   */
  private async isRevoked(claims: AccessTokenClaims): Promise<boolean> {
    return typeof claims.sid === 'string' && (await this.revokedSessions.isRevoked(claims.sid));
  }
}
