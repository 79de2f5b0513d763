import type { AccessTokenClaims } from '@kitty/contracts';
import { ProblemError } from '@kitty/nest-common';
import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { JwtService } from '@nestjs/jwt';
import type { FastifyRequest } from 'fastify';

import { IS_PUBLIC } from './public.decorator';

export interface AuthenticatedUser {
  id: string;
  email: string;
  name: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    user?: AuthenticatedUser;
  }
}

/**
 * Verifies the Bearer access token on every route not marked @Public. On public routes a valid token is
 * still read, so handlers can tell who is calling.
 */
@Injectable()
export class JwtAuthGuard implements CanActivate {
  constructor(
    private readonly jwt: JwtService,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [
      context.getHandler(),
      context.getClass(),
    ]);
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const token = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (token) {
      try {
        const claims = await this.jwt.verifyAsync<AccessTokenClaims>(token, { algorithms: ['HS256'] });
        request.user = { id: claims.sub, email: claims.email, name: claims.name };
      } catch {
        if (!isPublic)
          throw ProblemError.of(401, 'Unauthorized', 'Your session has expired. Please sign in again.');
      }
    }
    if (!isPublic && !request.user) throw ProblemError.of(401, 'Unauthorized', 'Please sign in to continue.');
    return true;
  }
}
