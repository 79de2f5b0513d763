import { Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import {
  ApiBody,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { AuthSession, SignInRequest, SignUpRequest } from '@kitty/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { schemaRef } from '../http/openapi';
import { ZodBody } from '../http/zod-body';
import { GatewayAuthService } from './auth.service';
import { callerOf } from './caller';
import { Public } from './public.decorator';
import { readRefreshCookie } from './session-cookie';

/** Per-IP limit on every auth route (the per-account sign-in throttle lives in the auth service). */
export const RATE_LIMITED = { rateLimit: {} };

@Controller('auth')
@ApiTags('auth')
@Public()
@RouteConfig(RATE_LIMITED)
@ApiTooManyRequestsResponse({ description: 'Too many requests' })
export class AuthController {
  constructor(private readonly auth: GatewayAuthService) {}

  @Post('sign-up')
  @ApiOperation({ operationId: 'signUp', summary: 'Create an account and sign in' })
  @ApiBody({ schema: schemaRef(SignUpRequest) })
  @ApiCreatedResponse({ schema: schemaRef(AuthSession) })
  @ApiConflictResponse({ description: 'Email already registered' })
  signUp(
    @ZodBody(SignUpRequest) body: SignUpRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.auth.signUp(body, callerOf(request), reply);
  }

  @Post('sign-in')
  @HttpCode(200)
  @ApiOperation({ operationId: 'signIn', summary: 'Sign in with e-mail and password' })
  @ApiBody({ schema: schemaRef(SignInRequest) })
  @ApiOkResponse({ schema: schemaRef(AuthSession) })
  @ApiUnauthorizedResponse({ description: 'Invalid email or password' })
  signIn(
    @ZodBody(SignInRequest) body: SignInRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.auth.signIn(body, callerOf(request), reply);
  }

  @Post('refresh')
  @HttpCode(200)
  @ApiOperation({ operationId: 'refreshSession', summary: 'Rotate the refresh cookie and get a new access token' })
  @ApiOkResponse({ schema: schemaRef(AuthSession) })
  @ApiUnauthorizedResponse({ description: 'Session expired' })
  refresh(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.auth.refresh(readRefreshCookie(request), callerOf(request), reply);
  }

  @Post('sign-out')
  @HttpCode(204)
  @ApiOperation({ operationId: 'signOut', summary: 'End the session (revokes its refresh-token family)' })
  @ApiNoContentResponse()
  async signOut(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.auth.signOut(readRefreshCookie(request), reply);
  }
}
