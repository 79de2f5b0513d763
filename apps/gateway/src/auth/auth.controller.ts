import {
  AuthSession,
  EmailConfirmed,
  PasswordResetConfirmRequest,
  PasswordResetRequest,
  PasswordResetRequested,
  SignInRequest,
  SignUpAccepted,
  SignUpRequest,
  VerifyEmailRequest,
} from '@kitty/contracts';
import { Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import {
  ApiAcceptedResponse,
  ApiBody,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { schemaRef } from '../http/openapi';
import { ApiProblems } from '../http/problem-responses';
import { AUTH_RATE_LIMITED } from '../http/rate-limit';
import { ZodBody } from '../http/zod-body';
import { GatewayAuthService } from './auth.service';
import { callerOf } from './caller';
import { Public } from './public.decorator';
import { readRefreshCookie } from './session-cookie';

@Controller('auth')
@ApiTags('auth')
@Public()
@ApiProblems(429)
export class AuthController {
  constructor(private readonly auth: GatewayAuthService) {}

  @RouteConfig(AUTH_RATE_LIMITED)
  @Post('sign-up')
  @HttpCode(202)
  @ApiOperation({
    operationId: 'signUp',
    summary: 'Create an account: a confirmation link is e-mailed (the same answer for a registered address)',
  })
  @ApiBody({ schema: schemaRef(SignUpRequest) })
  @ApiAcceptedResponse({ schema: schemaRef(SignUpAccepted) })
  @ApiProblems(400)
  signUp(@ZodBody(SignUpRequest) body: SignUpRequest, @Req() request: FastifyRequest) {
    return this.auth.signUp(body, callerOf(request));
  }

  @RouteConfig(AUTH_RATE_LIMITED)
  @Post('password-reset')
  @HttpCode(202)
  @ApiOperation({
    operationId: 'requestPasswordReset',
    summary:
      'E-mail a password reset link (single use, 30 min) if the address has an account; the same answer either way',
  })
  @ApiBody({ schema: schemaRef(PasswordResetRequest) })
  @ApiAcceptedResponse({ schema: schemaRef(PasswordResetRequested) })
  @ApiProblems(400)
  requestPasswordReset(
    @ZodBody(PasswordResetRequest) body: PasswordResetRequest,
    @Req() request: FastifyRequest,
  ) {
    return this.auth.requestPasswordReset(body, callerOf(request));
  }

  @RouteConfig(AUTH_RATE_LIMITED)
  @Post('password-reset/confirm')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'resetPassword',
    summary: 'Follow the reset link: set a new password; every session of the account is signed out',
  })
  @ApiBody({ schema: schemaRef(PasswordResetConfirmRequest) })
  @ApiNoContentResponse()
  @ApiProblems(400)
  async resetPassword(
    @ZodBody(PasswordResetConfirmRequest) body: PasswordResetConfirmRequest,
  ): Promise<void> {
    await this.auth.resetPassword(body);
  }

  @RouteConfig(AUTH_RATE_LIMITED)
  @Post('verify-email')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'verifyEmail',
    summary:
      'Follow the e-mailed confirmation link (single use, 24 h): confirms the address and retires older links; it does not sign in',
  })
  @ApiBody({ schema: schemaRef(VerifyEmailRequest) })
  @ApiOkResponse({ schema: schemaRef(EmailConfirmed) })
  @ApiProblems(400)
  verifyEmail(@ZodBody(VerifyEmailRequest) body: VerifyEmailRequest) {
    return this.auth.verifyEmail(body);
  }

  @RouteConfig(AUTH_RATE_LIMITED)
  @Post('sign-in')
  @HttpCode(200)
  @ApiOperation({ operationId: 'signIn', summary: 'Sign in with e-mail and password' })
  @ApiBody({ schema: schemaRef(SignInRequest) })
  @ApiOkResponse({ schema: schemaRef(AuthSession) })
  @ApiProblems(400, 401)
  signIn(
    @ZodBody(SignInRequest) body: SignInRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.auth.signIn(body, callerOf(request), reply);
  }

  @RouteConfig(AUTH_RATE_LIMITED)
  @Post('refresh')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'refreshSession',
    summary: 'Rotate the refresh cookie and get a new access token',
  })
  @ApiOkResponse({ schema: schemaRef(AuthSession) })
  @ApiProblems(401)
  refresh(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.auth.refresh(readRefreshCookie(request), callerOf(request), reply);
  }

  @RouteConfig(AUTH_RATE_LIMITED)
  @Post('sign-out')
  @HttpCode(204)
  @ApiOperation({ operationId: 'signOut', summary: 'End the session (revokes its refresh-token family)' })
  @ApiNoContentResponse()
  async signOut(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.auth.signOut(readRefreshCookie(request), reply);
  }
}
