import { PaymentsRpc, Wallet } from '@kitty/contracts';
import { RpcClient } from '@kitty/nest-common';
import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthenticatedUser } from '../auth/jwt-auth.guard';
import { schemaRef } from '../http/openapi';
import { ApiProblems } from '../http/problem-responses';
import { signedInCaller } from '../rpc/signed-in-caller';

@Controller('wallet')
@ApiTags('wallet')
@ApiBearerAuth()
@ApiProblems(401)
export class WalletController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @ApiOperation({ operationId: 'getWallet', summary: "The caller's personal wallet" })
  @ApiOkResponse({ schema: schemaRef(Wallet) })
  get(@CurrentUser() user: AuthenticatedUser) {
    return this.rpc.call(PaymentsRpc.getWallet, { caller: signedInCaller(user) });
  }
}
