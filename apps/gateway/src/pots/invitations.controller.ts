import { AuthRpc, InvitationAccepted, InvitationPreview, InvitationToken, PotsRpc } from '@kitty/contracts';
import { parseOrThrow, RpcClient } from '@kitty/nest-common';
import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthenticatedUser } from '../auth/jwt-auth.guard';
import { Public } from '../auth/public.decorator';
import { schemaRef } from '../http/openapi';
import { ApiProblems } from '../http/problem-responses';
import { signedInCaller } from '../rpc/signed-in-caller';

@Controller('invitations/:token')
@ApiTags('invitations')
export class InvitationsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @Public()
  @ApiOperation({
    operationId: 'previewInvitation',
    summary: 'What an invitation link is for, and whether it is usable',
  })
  @ApiOkResponse({ schema: schemaRef(InvitationPreview) })
  @ApiProblems(400, 404)
  preview(@Param('token') token: string) {
    return this.rpc.call(PotsRpc.previewInvitation, { token: parseOrThrow(InvitationToken, token) });
  }

  @Post('accept')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ operationId: 'acceptInvitation', summary: 'Join the pot (single use)' })
  @ApiOkResponse({ schema: schemaRef(InvitationAccepted) })
  @ApiProblems(400, 401, 403, 404, 410)
  async accept(@CurrentUser() user: AuthenticatedUser, @Param('token') token: string) {
    const parsed = parseOrThrow(InvitationToken, token);
    // Asked of auth now, not read from the access token: whether the address is confirmed decides whether
    // the caller may take over a guest's place.
    const account = await this.rpc.call(AuthRpc.getUser, { userId: user.id });
    return this.rpc.call(PotsRpc.acceptInvitation, {
      caller: signedInCaller(user),
      token: parsed,
      confirmedEmail: account.emailVerified ? account.email : null,
    });
  }
}
