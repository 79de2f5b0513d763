import { Me } from '@kitty/contracts';
import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiNoContentResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';

import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthenticatedUser } from '../auth/jwt-auth.guard';
import { schemaRef } from '../http/openapi';
import { ApiProblems } from '../http/problem-responses';
import { MeService } from './me.service';

@Controller('me')
@ApiBearerAuth()
export class MeController {
  constructor(private readonly meService: MeService) {}

  @Get()
  @ApiProblems(401)
  @ApiOperation({ operationId: 'getMe', summary: 'The signed-in user with their residency' })
  @ApiOkResponse({ schema: schemaRef(Me) })
  me(@CurrentUser() user: AuthenticatedUser) {
    return this.meService.me(user.id);
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
