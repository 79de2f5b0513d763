import { ChangePasswordRequest, DeleteAccountRequest, Me } from '@kitty/contracts';
import { Controller, Delete, Get, HttpCode, Inject, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiNoContentResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';

import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthenticatedUser } from '../auth/jwt-auth.guard';
import { clearRefreshCookie } from '../auth/session-cookie';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { schemaRef } from '../http/openapi';
import { ApiProblems } from '../http/problem-responses';
import { ZodBody } from '../http/zod-body';
import { AccountDeletionService } from './account-deletion.service';
import { MeService } from './me.service';

@Controller('me')
@ApiBearerAuth()
export class MeController {
  constructor(
    private readonly meService: MeService,
    private readonly deletion: AccountDeletionService,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Get()
  @ApiProblems(401)
  @ApiOperation({ operationId: 'getMe', summary: 'The signed-in user with their residency' })
  @ApiOkResponse({ schema: schemaRef(Me) })
  me(@CurrentUser() user: AuthenticatedUser) {
    return this.meService.me(user.id);
  }

  @Delete()
  @HttpCode(204)
  @ApiProblems(400, 401, 409, 429)
  @ApiOperation({
    operationId: 'deleteAccount',
    summary:
      'Delete the account (password asked again): refused with 409 while money is left in the wallet or owned pots',
  })
  @ApiBody({ schema: schemaRef(DeleteAccountRequest) })
  @ApiNoContentResponse()
  async deleteAccount(
    @CurrentUser() user: AuthenticatedUser,
    @ZodBody(DeleteAccountRequest) body: DeleteAccountRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    await this.deletion.delete(user, body);
    clearRefreshCookie(reply, this.config.COOKIE_SECURE);
  }

  @Post('password')
  @HttpCode(204)
  @ApiProblems(400, 401, 429)
  @ApiOperation({
    operationId: 'changePassword',
    summary: 'Change the password (the current one is checked); every other session is signed out',
  })
  @ApiBody({ schema: schemaRef(ChangePasswordRequest) })
  @ApiNoContentResponse()
  async changePassword(
    @CurrentUser() user: AuthenticatedUser,
    @ZodBody(ChangePasswordRequest) body: ChangePasswordRequest,
  ): Promise<void> {
    await this.meService.changePassword(user.id, user.sessionId ?? null, body);
  }

  @Post('verification-email')
  @HttpCode(204)
  @ApiProblems(401, 409, 429)
  @ApiOperation({
    operationId: 'resendVerificationEmail',
    summary: 'E-mail another confirmation link (4 links an hour per account; 429 with Retry-After)',
  })
  @ApiNoContentResponse()
  async resendVerificationEmail(@CurrentUser() user: AuthenticatedUser): Promise<void> {
    await this.meService.resendVerificationEmail(user.id);
  }
}
