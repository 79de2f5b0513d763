import { AuthRpc, VERIFY_YOUR_EMAIL_TITLE } from '@kitty/contracts';
import { ProblemError, RpcClient } from '@kitty/nest-common';
import {
  applyDecorators,
  type CanActivate,
  type ExecutionContext,
  Injectable,
  SetMetadata,
  UseGuards,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';

import { ApiProblems } from '../http/problem-responses';
import type { AuthenticatedUser } from './jwt-auth.guard';

const VERIFIED_EMAIL_ACTION = 'kitty:verified-email-action';

export const verifyYourEmail = (action: string) =>
  ProblemError.of(403, VERIFY_YOUR_EMAIL_TITLE, `Confirm your e-mail address to ${action}.`);

/**
 * Whether the caller's address is confirmed, asked of auth at the moment of the command (not read from
 * the access token, which would stay stale for up to its lifetime after the link is followed).
 */
@Injectable()
export class VerifiedEmail {
  constructor(private readonly rpc: RpcClient) {}

  /**
   * 403 'Verify your e-mail' unless the user has followed the link; `action` completes "Confirm … to".
   * Marks the request's user as confirmed, so the command's caller tells the service it may e-mail others.
   */
  async assert(user: AuthenticatedUser, action: string): Promise<void> {
    const { emailVerified } = await this.rpc.call(AuthRpc.getUser, { userId: user.id });
    if (!emailVerified) throw verifyYourEmail(action);
    user.emailVerified = true;
  }
}

@Injectable()
export class VerifiedEmailGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly verifiedEmail: VerifiedEmail,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const action = this.reflector.get<string | undefined>(VERIFIED_EMAIL_ACTION, context.getHandler());
    const user = context.switchToHttp().getRequest<FastifyRequest>().user;
    if (action && user) await this.verifiedEmail.assert(user, action);
    return true;
  }
}

/**
 * The route is refused (403) to users whose e-mail address is not confirmed yet: money leaving or
 * entering Kitty and e-mails to other people wait for it. Runs after the JWT guard, before
 * the idempotency interceptor.
 */
export const RequiresVerifiedEmail = (action: string) =>
  applyDecorators(
    SetMetadata(VERIFIED_EMAIL_ACTION, action),
    UseGuards(VerifiedEmailGuard),
    ApiProblems(403),
  );
