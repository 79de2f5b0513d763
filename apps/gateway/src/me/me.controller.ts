import { Me } from '@kitty/contracts';
import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation } from '@nestjs/swagger';

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
}
