import { ActivePot, PotsRpc, SetActivePotRequest } from '@kitty/contracts';
import { RpcClient } from '@kitty/nest-common';
import { Controller, Get, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthenticatedUser } from '../auth/jwt-auth.guard';
import { schemaRef } from '../http/openapi';
import { ApiProblems } from '../http/problem-responses';
import { ZodBody } from '../http/zod-body';
import { signedInCaller } from '../rpc/signed-in-caller';

@Controller('active-pot')
@ApiTags('pots')
@ApiBearerAuth()
@ApiProblems(401)
export class ActivePotController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @ApiOperation({ operationId: 'getActivePot', summary: "The caller's active pot (nulls when none)" })
  @ApiOkResponse({ schema: schemaRef(ActivePot) })
  get(@CurrentUser() user: AuthenticatedUser) {
    return this.rpc.call(PotsRpc.getActivePot, { caller: signedInCaller(user) });
  }

  @Put()
  @ApiOperation({ operationId: 'setActivePot', summary: 'Choose the pot the card and Home actions use' })
  @ApiBody({ schema: schemaRef(SetActivePotRequest) })
  @ApiOkResponse({ schema: schemaRef(ActivePot) })
  @ApiProblems(400, 404, 409)
  set(@CurrentUser() user: AuthenticatedUser, @ZodBody(SetActivePotRequest) body: SetActivePotRequest) {
    return this.rpc.call(PotsRpc.setActivePot, { caller: signedInCaller(user), body });
  }
}
