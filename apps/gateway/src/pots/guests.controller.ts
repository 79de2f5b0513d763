import { AddGuestRequest, GuestsRpc, PotMember } from '@kitty/contracts';
import { RpcClient } from '@kitty/nest-common';
import { Controller, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';

import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthenticatedUser } from '../auth/jwt-auth.guard';
import { schemaRef } from '../http/openapi';
import { ApiProblems } from '../http/problem-responses';
import { UuidParam } from '../http/uuid-param';
import { ZodBody } from '../http/zod-body';
import { signedInCaller } from '../rpc/signed-in-caller';

/** Guests: people who share expenses before they have an account. */
@Controller('pots/:potId/guests')
@ApiTags('pots')
@ApiBearerAuth()
@ApiProblems(401, 404)
export class GuestsController {
  constructor(private readonly rpc: RpcClient) {}

  /** A repeat is refused (409: the name is taken), so no Idempotency-Key is needed. */
  @Post()
  @ApiOperation({
    operationId: 'addGuest',
    summary: 'Add a guest (a name, optionally an e-mail) who can share expenses before they join',
  })
  @ApiBody({ schema: schemaRef(AddGuestRequest) })
  @ApiResponse({ status: 201, schema: schemaRef(PotMember) })
  @ApiProblems(400, 403, 409)
  add(
    @CurrentUser() user: AuthenticatedUser,
    @UuidParam('potId') potId: string,
    @ZodBody(AddGuestRequest) body: AddGuestRequest,
  ) {
    return this.rpc.call(GuestsRpc.add, { caller: signedInCaller(user), potId, body });
  }
}
