import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

import type { AuthenticatedUser } from './jwt-auth.guard';

/** The signed-in caller (set by JwtAuthGuard); only on routes that are not @Public. */
export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthenticatedUser =>
    context.switchToHttp().getRequest<FastifyRequest>().user as AuthenticatedUser,
);
