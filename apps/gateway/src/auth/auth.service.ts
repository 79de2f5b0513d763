import {
  AuthRpc,
  type AuthSession,
  type CallerContext,
  type EmailConfirmed,
  type IssuedSession,
  type PasswordResetConfirmRequest,
  type PasswordResetRequest,
  type PasswordResetRequested,
  type SignInRequest,
  type SignUpAccepted,
  type SignUpRequest,
  type VerifyEmailRequest,
} from '@kitty/contracts';
import { ProblemError, RpcClient } from '@kitty/nest-common';
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply } from 'fastify';

import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { MeService } from '../me/me.service';
import { clearRefreshCookie, setRefreshCookie } from './session-cookie';

/** Turns the auth service's sessions into the HTTP shape: access token in the body, refresh in a cookie. */
@Injectable()
export class GatewayAuthService {
  constructor(
    private readonly rpc: RpcClient,
    private readonly meService: MeService,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  signUp(body: SignUpRequest, caller: CallerContext): Promise<SignUpAccepted> {
    return this.rpc.call(AuthRpc.signUp, { body, caller });
  }

  requestPasswordReset(body: PasswordResetRequest, caller: CallerContext): Promise<PasswordResetRequested> {
    return this.rpc.call(AuthRpc.requestPasswordReset, { body, caller });
  }

  async resetPassword(body: PasswordResetConfirmRequest): Promise<void> {
    await this.rpc.call(AuthRpc.resetPassword, { body });
  }

  verifyEmail(body: VerifyEmailRequest): Promise<EmailConfirmed> {
    return this.rpc.call(AuthRpc.verifyEmail, { body });
  }

  async signIn(body: SignInRequest, caller: CallerContext, reply: FastifyReply) {
    return this.respond(await this.rpc.call(AuthRpc.signIn, { body, caller }), reply);
  }

  async refresh(refreshToken: string | undefined, caller: CallerContext, reply: FastifyReply) {
    if (!refreshToken) throw ProblemError.of(401, 'Session expired', 'Please sign in again.');
    try {
      return this.respond(await this.rpc.call(AuthRpc.refresh, { refreshToken, caller }), reply);
    } catch (error) {
      if (error instanceof ProblemError && error.problem.status === 401) {
        clearRefreshCookie(reply, this.config.COOKIE_SECURE);
      }
      throw error;
    }
  }

  async signOut(refreshToken: string | undefined, reply: FastifyReply) {
    if (refreshToken) await this.rpc.call(AuthRpc.signOut, { refreshToken });
    clearRefreshCookie(reply, this.config.COOKIE_SECURE);
  }

  private async respond(session: IssuedSession, reply: FastifyReply): Promise<AuthSession> {
    setRefreshCookie(reply, session.refreshToken, session.refreshTokenExpiresAt, this.config.COOKIE_SECURE);
    const residency = await this.meService.residencyOf(session.user.id);
    return {
      accessToken: session.accessToken,
      expiresAt: session.accessTokenExpiresAt,
      user: { ...session.user, residency },
    };
  }
}
