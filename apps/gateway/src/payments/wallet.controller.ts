import { PaymentsPatterns, Wallet } from '@kitty/contracts';
import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthenticatedUser } from '../auth/jwt-auth.guard';
import { schemaRef } from '../http/openapi';
import { ApiProblems } from '../http/problem-responses';
import { PaymentsRpc } from './payments-rpc';

@Controller('wallet')
@ApiTags('wallet')
@ApiBearerAuth()
@ApiProblems(401)
export class WalletController {
  constructor(private readonly payments: PaymentsRpc) {}

  @Get()
  @ApiOperation({ operationId: 'getWallet', summary: "The caller's personal wallet" })
  @ApiOkResponse({ schema: schemaRef(Wallet) })
  get(@CurrentUser() user: AuthenticatedUser) {
    return this.payments.send(PaymentsPatterns.getWallet, user, {}, Wallet);
  }
}
