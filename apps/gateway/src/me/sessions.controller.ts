import { AccountSessions, AuthRpc, SessionsEnded } from '@kitty/contracts';
import { RpcClient } from '@kitty/nest-common';
import { Controller, Delete, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiNoContentResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';

import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthenticatedUser } from '../auth/jwt-auth.guard';
import { schemaRef } from '../http/openapi';
import { ApiProblems } from '../http/problem-responses';
import { UuidParam } from '../http/uuid-param';

/** The account page's signed-in devices: list, sign one out, sign out all the others. */
@Controller('me/sessions')
@ApiBearerAuth()
export class SessionsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @ApiProblems(401)
  @ApiOperation({
    operationId: 'listSessions',
    summary: "The caller's signed-in devices, most recently used first; the caller's own marked current",
  })
  @ApiOkResponse({ schema: schemaRef(AccountSessions) })
  list(@CurrentUser() user: AuthenticatedUser) {
    return this.rpc.call(AuthRpc.listSessions, { userId: user.id, currentSessionId: user.sessionId ?? null });
  }

  @Delete(':sessionId')
  @HttpCode(204)
  @ApiProblems(400, 401, 404)
  @ApiOperation({
    operationId: 'endSession',
    summary: "Sign one of the caller's sessions out (its tokens stop working at once); 404 if not theirs",
  })
  @ApiNoContentResponse()
  async end(
    @CurrentUser() user: AuthenticatedUser,
    @UuidParam('sessionId') sessionId: string,
  ): Promise<void> {
    await this.rpc.call(AuthRpc.endSession, { userId: user.id, sessionId });
  }

  @Post('sign-out-others')
  @HttpCode(200)
  @ApiProblems(401)
  @ApiOperation({
    operationId: 'endOtherSessions',
    summary: 'Sign out every session of the caller but the one making this request',
  })
  @ApiOkResponse({ schema: schemaRef(SessionsEnded) })
  endOthers(@CurrentUser() user: AuthenticatedUser) {
    return this.rpc.call(AuthRpc.endOtherSessions, { userId: user.id, keep: user.sessionId ?? null });
  }
}
